import { Mail, MapPin, Phone } from 'lucide-react';
import { formatPhone } from '@contracts/format';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import type { PublicOrganization } from '@contracts/organizations';

export function ContactCard({ organization: o }: { organization: PublicOrganization }) {
  const cityLine = [o.city, [o.state, o.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  if (!o.phone && !o.email && !o.address && !cityLine) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Contact us</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm sm:grid-cols-3">
        {o.phone && (
          <a href={`tel:${o.phone.replace(/[^\d+]/g, '')}`} className="flex items-start gap-2 hover:text-primary">
            <Phone className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
            {formatPhone(o.phone)}
          </a>
        )}
        {o.email && (
          <a href={`mailto:${o.email}`} className="flex min-w-0 items-start gap-2 break-all hover:text-primary">
            <Mail className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
            {o.email}
          </a>
        )}
        {(o.address || cityLine) && (
          <address className="flex items-start gap-2 not-italic">
            <MapPin className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
            <span>
              {o.address && <span className="block">{o.address}</span>}
              {cityLine && <span className="block">{cityLine}</span>}
            </span>
          </address>
        )}
      </CardContent>
    </Card>
  );
}

import { Mail, MapPin, Phone } from 'lucide-react';
import type { PortalCustomer } from '@contracts/customer-portal';
import { formatPhone } from '@contracts/format';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

function cityStateZip(c: PortalCustomer): string {
  const state = [c.state, c.zip].filter((s) => s && s.trim()).join(' ');
  return [c.city, state].filter((s) => s && s.trim()).join(', ');
}

export function AccountInfo({ customer }: { customer: PortalCustomer }) {
  const place = cityStateZip(customer);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Account Information</CardTitle>
      </CardHeader>
      <CardContent>
        {/* Each pair sits in its own div straight under the dl, the one wrapper a description list allows. */}
        <dl className="grid gap-4 text-sm sm:grid-cols-3">
          <div className="min-w-0">
            <dt className="flex items-center gap-2 text-muted-foreground">
              <Mail className="size-4 shrink-0" aria-hidden />
              Email
            </dt>
            <dd className="pl-6 break-words">{customer.email || 'No email on file'}</dd>
          </div>
          <div className="min-w-0">
            <dt className="flex items-center gap-2 text-muted-foreground">
              <Phone className="size-4 shrink-0" aria-hidden />
              Phone
            </dt>
            <dd className="pl-6 tabular-nums">{customer.phone ? formatPhone(customer.phone) : 'No phone on file'}</dd>
          </div>
          <div className="min-w-0">
            <dt className="flex items-center gap-2 text-muted-foreground">
              <MapPin className="size-4 shrink-0" aria-hidden />
              Address
            </dt>
            <dd className="pl-6 break-words">
              {customer.address || place ? (
                <>
                  {customer.address && <span className="block">{customer.address}</span>}
                  {place && <span className="block">{place}</span>}
                </>
              ) : (
                'No address on file'
              )}
            </dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}

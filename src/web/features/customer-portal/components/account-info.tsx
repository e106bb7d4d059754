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
        <dl className="grid gap-4 text-sm sm:grid-cols-3">
          <div className="flex min-w-0 items-start gap-2">
            <Mail className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
            <div className="min-w-0">
              <dt className="text-muted-foreground">Email</dt>
              <dd className="break-words">{customer.email || 'No email on file'}</dd>
            </div>
          </div>
          <div className="flex items-start gap-2">
            <Phone className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
            <div>
              <dt className="text-muted-foreground">Phone</dt>
              <dd className="tabular-nums">{customer.phone ? formatPhone(customer.phone) : 'No phone on file'}</dd>
            </div>
          </div>
          <div className="flex min-w-0 items-start gap-2">
            <MapPin className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
            <div className="min-w-0">
              <dt className="text-muted-foreground">Address</dt>
              <dd className="break-words">
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
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}

// The customer's portal from staff's side (docs/rules/customer-portal.md#portal-links): e-mail the customer a signed link,
// preview the portal as the customer sees it, or revoke every link sent (docs/customer-portal.md, Portal links).
import { lazy, Suspense, useState } from 'react';
import { ExternalLink, Link2Off, Mail } from 'lucide-react';
import type { Customer } from '@contracts/customers';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { emailPortalLink } from '@/features/customers/api/portal-links';

const RevokePortalLinksDialog = lazy(() => import('@/features/customers/components/revoke-portal-links-dialog').then((m) => ({ default: m.RevokePortalLinksDialog })));

/** `canManage`: manage_customers, which revoking links needs. */
export function CustomerPortalActions({ customer, compact, canManage }: { customer: Customer; compact?: boolean; canManage: boolean }) {
  const [sending, setSending] = useState(false);
  const [revoking, setRevoking] = useState(false);
  const canEmail = Boolean(customer.email) && customer.portalAccessEnabled;
  const send = async () => {
    setSending(true);
    try {
      const r = await emailPortalLink(customer.id);
      toast({ title: 'Portal link sent', description: `Emailed to ${r.emailedTo}` });
    } catch (e) {
      toast({ title: 'Failed to send portal link', description: errorMessage(e), variant: 'destructive' });
    } finally {
      setSending(false);
    }
  };
  const why = !customer.email ? 'This customer has no e-mail address' : !customer.portalAccessEnabled ? 'Portal access is off for this customer' : 'E-mail a portal link';
  return (
    <div className="flex items-center justify-end gap-1">
      <Button variant="ghost" size="sm" onClick={() => void send()} disabled={!canEmail || sending} title={why} aria-label={`Email portal link to ${customer.name}`}>
        <Mail aria-hidden />
        {!compact && <span className="hidden 2xl:inline">Portal link</span>}
      </Button>
      {canManage && (
        <Button variant="ghost" size="sm" onClick={() => setRevoking(true)} title="Revoke portal links" aria-label={`Revoke portal links of ${customer.name}`}>
          <Link2Off aria-hidden />
          {!compact && <span className="hidden 2xl:inline">Revoke links</span>}
        </Button>
      )}
      <Button variant="ghost" size="sm" asChild title="Preview portal">
        <a href={`/customer-portal?customer=${customer.id}`} target="_blank" rel="noreferrer" aria-label={`Preview portal of ${customer.name}`}>
          <ExternalLink aria-hidden />
          {!compact && <span className="hidden 2xl:inline">Preview</span>}
        </a>
      </Button>
      <Suspense fallback={null}>{revoking && <RevokePortalLinksDialog customer={customer} onClose={() => setRevoking(false)} />}</Suspense>
    </div>
  );
}

import { useState } from 'react';
import { Building2, CreditCard, Landmark, Loader2, Palette, Repeat } from 'lucide-react';
import { PAYMENT_LINK_MESSAGES } from '@contracts/payment-links';
import { errorMessage } from '@/lib/api-client';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { useCreateGenericPaymentLink } from '@/features/payment-links/api/payment-links-api';
import { LinkResult } from '@/features/payment-links/components/link-result';

const FEATURES = [
  { icon: Repeat, text: 'Reusable: share it once, customers pay any time' },
  { icon: CreditCard, text: 'Any amount, entered by the customer' },
  { icon: Landmark, text: 'Cards and bank transfers' },
  { icon: Palette, text: 'Branded with your name and logo' },
];

export function GenericLinkCard({ organizationId }: { organizationId: number | null }) {
  const create = useCreateGenericPaymentLink();
  const [url, setUrl] = useState<string | null>(null);

  const generate = () => {
    // docs/rules/money-and-payments.md#payment-links: the generic link belongs to the current user's organization.
    if (organizationId === null) {
      toast({ variant: 'destructive', title: PAYMENT_LINK_MESSAGES.genericFailed, description: PAYMENT_LINK_MESSAGES.needsOrganization });
      return;
    }
    create.mutate(organizationId, {
      onSuccess: (link) => {
        setUrl(link.paymentUrl);
        toast({ title: PAYMENT_LINK_MESSAGES.genericGenerated });
      },
      onError: (error) => toast({ variant: 'destructive', title: PAYMENT_LINK_MESSAGES.genericFailed, description: errorMessage(error) }),
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Building2 className="size-5 text-primary" aria-hidden />
          Generic Payment Link
        </CardTitle>
        <CardDescription>One link for your website, e-mails or invoices on paper: the customer enters the amount, their name and what it is for.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <ul className="grid gap-2 text-sm sm:grid-cols-2">
          {FEATURES.map(({ icon: Icon, text }) => (
            <li key={text} className="flex items-center gap-2">
              <Icon className="size-4 shrink-0 text-primary" aria-hidden />
              {text}
            </li>
          ))}
        </ul>
        {organizationId === null && <p className="text-sm text-muted-foreground">{PAYMENT_LINK_MESSAGES.needsOrganization}.</p>}
        <Button onClick={generate} disabled={create.isPending || organizationId === null} className="w-full sm:w-auto">
          {create.isPending && <Loader2 className="animate-spin" aria-hidden />}
          Generate Generic Link
        </Button>
        {url && <LinkResult url={url} kind="Generic" />}
      </CardContent>
    </Card>
  );
}

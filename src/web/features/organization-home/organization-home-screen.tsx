import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { CircleHelp, Globe } from 'lucide-react';
import { errorMessage } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth/current-user';
import { toast } from '@/components/ui/use-toast';
import { OrganizationLogo } from '@/components/public/organization-logo';
import { ActionCards } from '@/features/organization-home/components/action-cards';
import { ContactCard } from '@/features/organization-home/components/contact-card';
import { PublicOrganizationPage } from '@/features/organization-home/components/public-page';
import { useCreateGenericPaymentLink } from '@/features/organization-home/api/create-generic-payment-link';
import { websiteHref, websiteLabel } from '@/features/organization-home/industry-wording';
import type { SluggedOrganization } from '@/features/organization-home/api/get-public-organization';

function OrganizationHome({ organization }: { organization: SluggedOrganization }) {
  const paymentLink = useCreateGenericPaymentLink();
  const { user } = useCurrentUser();

  useEffect(() => {
    document.title = `${organization.name} · Tradebook`;
  }, [organization.name]);

  const onPay = () => {
    // The pay page opens in this tab once its address is known: no blank tab while asking, none left behind on
    // a failure (docs/features.md, Payment links). Visitors need no account; the server limits them per client.
    paymentLink.mutate(organization.id, {
      onSuccess: ({ paymentUrl }) => {
        toast({ title: 'Payment Link Generated', description: 'Opening secure payment portal' });
        window.location.assign(paymentUrl);
      },
      onError: (error) => {
        toast({ variant: 'destructive', title: 'Failed to generate payment link. Please try again.', description: errorMessage(error) });
      },
    });
  };

  return (
    <div className="space-y-8">
      <section className="flex flex-col items-center gap-4 text-center">
        <OrganizationLogo name={organization.name} logo={organization.logo} className="size-20 text-2xl" />
        <div>
          <h1 className="text-3xl font-bold tracking-tight md:text-4xl">{organization.name}</h1>
          {organization.website && (
            <a
              href={websiteHref(organization.website)}
              target="_blank"
              rel="noreferrer"
              className="mt-2 inline-flex items-center gap-1.5 text-sm text-primary hover:underline"
            >
              <Globe className="size-4" aria-hidden />
              {websiteLabel(organization.website)}
            </a>
          )}
        </div>
        <p className="max-w-2xl text-muted-foreground">
          Welcome! Browse our services, book a time that suits you, or pay an invoice online, all in one place.
          {!user && (
            <>
              {' '}
              Sign in to see your appointments and invoices, or{' '}
              {/* Registering from here joins this organization (docs/rules/sign-in-and-sessions.md#registration). */}
              <Link to={`/register?org=${encodeURIComponent(organization.slug)}`} className="font-medium text-primary hover:underline">
                create an account
              </Link>
              .
            </>
          )}
        </p>
      </section>
      <ActionCards organization={organization} isPaying={paymentLink.isPending} onPay={onPay} />
      <div className="flex justify-center">
        <Link to="/user-guide" className="inline-flex items-center gap-1.5 text-sm font-medium text-primary hover:underline">
          <CircleHelp className="size-4" aria-hidden />
          How It Works
        </Link>
      </div>
      <ContactCard organization={organization} />
    </div>
  );
}

export function OrganizationHomeScreen() {
  const { slug = '' } = useParams();
  return <PublicOrganizationPage slug={slug}>{(organization) => <OrganizationHome organization={organization} />}</PublicOrganizationPage>;
}

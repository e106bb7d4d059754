import { Link } from 'react-router';
import { CalendarCheck, CreditCard, LayoutGrid, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { scheduleActionLabel } from '@/features/organization-home/industry-wording';
import type { SluggedOrganization } from '@/features/organization-home/api/get-public-organization';

function ActionCard({ icon: Icon, title, description, action }: { icon: LucideIcon; title: string; description: string; action: ReactNode }) {
  return (
    <Card className="flex flex-col">
      <CardHeader>
        <span className="mb-2 flex size-11 items-center justify-center rounded-lg bg-primary/10 text-primary">
          <Icon className="size-5" aria-hidden />
        </span>
        <CardTitle className="text-lg">{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="mt-auto">{action}</CardContent>
    </Card>
  );
}

interface ActionCardsProps {
  organization: SluggedOrganization;
  isPaying: boolean;
  onPay: () => void;
}

export function ActionCards({ organization, isPaying, onPay }: ActionCardsProps) {
  const scheduleLabel = scheduleActionLabel(organization.industry);
  return (
    <div className="grid gap-4 md:grid-cols-3">
      <ActionCard
        icon={LayoutGrid}
        title="View Services"
        description="See what we offer, how long it takes and what it costs."
        action={
          <Button asChild variant="outline" className="w-full">
            <Link to={`/services/${organization.slug}`}>View Services</Link>
          </Button>
        }
      />
      <ActionCard
        icon={CreditCard}
        title="Make a Payment"
        description="Pay an invoice or an agreed amount securely online, by card or bank transfer."
        action={
          <Button variant="outline" className="w-full" onClick={onPay} disabled={isPaying}>
            {isPaying ? 'Opening...' : 'Pay Now'}
          </Button>
        }
      />
      <ActionCard
        icon={CalendarCheck}
        title={scheduleLabel}
        description="Pick a service and a time that suits you; we confirm by email."
        action={
          <Button asChild className="w-full">
            <Link to={`/schedule/${organization.slug}`}>{scheduleLabel}</Link>
          </Button>
        }
      />
    </div>
  );
}

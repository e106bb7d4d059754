import { useState } from 'react';
import { ChevronDown, ChevronUp, CreditCard } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ProcessorsManager } from '@/features/payment-processors/components/processors-manager';

/**
 * The organization screen's payment processors manager (docs/rules/organizations-and-roles.md#organization-form), toggled
 * with Manage/Hide. Processors are fetched only while it is open.
 */
export function OrganizationProcessorsPanel({ organizationId }: { organizationId: number }) {
  const [open, setOpen] = useState(false);
  const contentId = `organization-${organizationId}-processors`;
  return (
    <Card className="grid gap-4 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex min-w-0 items-center gap-2">
          <CreditCard className="size-4 shrink-0 text-muted-foreground" aria-hidden />
          <h3 className="font-semibold">Payment Processors</h3>
        </div>
        <Button variant="outline" size="sm" aria-expanded={open} aria-controls={contentId} onClick={() => setOpen((v) => !v)}>
          {open ? <ChevronUp aria-hidden /> : <ChevronDown aria-hidden />}
          {open ? 'Hide' : 'Manage'}
        </Button>
      </div>
      {open && (
        <div id={contentId}>
          <ProcessorsManager organizationId={organizationId} createWording="add" title={null} />
        </div>
      )}
    </Card>
  );
}

import { Pencil, Trash2, Zap } from 'lucide-react';
import type { PaymentProcessor } from '@contracts/payment-processors';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ProcessorTypeIcon } from '@/features/payment-processors/components/processor-type-icon';
import { StripeWebhookUrl } from '@/features/payment-processors/components/stripe-webhook-url';
import { capabilityLabel, feeSummary, processorTypeLabel } from '@/features/payment-processors/processor-options';

interface ProcessorCardProps {
  processor: PaymentProcessor;
  isActivating: boolean;
  onEdit: (processor: PaymentProcessor) => void;
  onActivate: (processor: PaymentProcessor) => void;
  onDelete: (processor: PaymentProcessor) => void;
}

export function ProcessorCard({ processor, isActivating, onEdit, onActivate, onDelete }: ProcessorCardProps) {
  const fees = feeSummary(processor.fees);
  return (
    <Card className="flex flex-col gap-3 p-4" data-testid="processor-card" aria-label={processor.displayName}>
      <div className="flex items-start gap-3">
        <div className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-muted">
          <ProcessorTypeIcon type={processor.processorType} className="size-5 text-muted-foreground" />
        </div>
        <div className="min-w-0 flex-1">
          <h3 className="truncate font-semibold" title={processor.displayName}>
            {processor.displayName}
          </h3>
          <p className="text-sm text-muted-foreground">{processorTypeLabel(processor.processorType)}</p>
        </div>
        <div className="flex shrink-0 flex-wrap justify-end gap-1">
          {processor.isActive && <Badge className="border-transparent bg-green-100 text-green-800">Active</Badge>}
          {processor.testMode && <Badge className="border-transparent bg-amber-100 text-amber-800">Test mode</Badge>}
        </div>
      </div>
      {processor.stripeWebhookUrl && <StripeWebhookUrl url={processor.stripeWebhookUrl} processorName={processor.displayName} />}
      {(processor.capabilities.length > 0 || fees || processor.webhookUrl) && (
        <div className="grid gap-2 text-sm">
          {processor.capabilities.length > 0 && (
            <ul className="flex flex-wrap gap-1" aria-label="Capabilities">
              {processor.capabilities.map((c) => (
                <li key={c}>
                  <Badge variant="outline">{capabilityLabel(c)}</Badge>
                </li>
              ))}
            </ul>
          )}
          {fees && <p className="text-muted-foreground">Fees: {fees}</p>}
          {processor.webhookUrl && (
            <p className="truncate text-muted-foreground" title={processor.webhookUrl}>
              Webhook: {processor.webhookUrl}
            </p>
          )}
        </div>
      )}
      <div className="mt-auto flex flex-wrap items-center gap-2 border-t pt-3">
        <Button variant="outline" size="sm" onClick={() => onEdit(processor)}>
          <Pencil aria-hidden />
          Edit
        </Button>
        {!processor.isActive && (
          <Button variant="outline" size="sm" onClick={() => onActivate(processor)} disabled={isActivating}>
            <Zap aria-hidden />
            {isActivating ? 'Activating...' : 'Activate'}
          </Button>
        )}
        <Button
          variant="ghost"
          size="sm"
          className="ml-auto text-destructive hover:text-destructive"
          onClick={() => onDelete(processor)}
          aria-label={`Delete ${processor.displayName}`}
        >
          <Trash2 aria-hidden />
          <span className="sr-only sm:not-sr-only">Delete</span>
        </Button>
      </div>
    </Card>
  );
}

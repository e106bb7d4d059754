import { useId } from 'react';
import { Copy } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { copyApprovalLink } from '@/features/estimates/lib/copy-link';

/** The customer's quote page address, selectable, with Copy link. Not a link: staff opening it would count as the customer's view. */
export function ApprovalLink({ url, label = 'Approval link' }: { url: string; label?: string }) {
  const id = useId();
  return (
    <div className="grid min-w-0 gap-1.5" data-testid="approval-link">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex min-w-0 flex-col gap-2 sm:flex-row">
        <Input id={id} readOnly value={url} title={url} onFocus={(e) => e.currentTarget.select()} className="min-w-0 font-mono text-xs md:text-xs" />
        <Button type="button" variant="outline" className="shrink-0" onClick={() => void copyApprovalLink(url)}>
          <Copy aria-hidden />
          Copy link
        </Button>
      </div>
    </div>
  );
}

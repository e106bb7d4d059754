// A secret shown so it can be copied (a new API key, a webhook's signing secret): a read-only box that selects itself on
// focus and wraps rather than hides a long value on a phone, with its Copy button.
import { Copy } from 'lucide-react';
import { copyText } from '@/lib/copy-text';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';

interface SecretValueProps {
  id: string;
  value: string;
  /** The toast texts: copied, and refused (with what to do instead). */
  words: { done: string; failed: string; hint: string };
  testId?: string;
}

export function SecretValue({ id, value, words, testId }: SecretValueProps) {
  return (
    <div className="flex flex-col gap-2 sm:flex-row">
      <Textarea
        id={id}
        readOnly
        rows={2}
        value={value}
        onFocus={(e) => e.currentTarget.select()}
        className="min-h-0 resize-none font-mono text-xs break-all md:text-xs"
        data-testid={testId}
      />
      <Button type="button" variant="outline" onClick={() => void copyText(value, words)} className="sm:self-start">
        <Copy aria-hidden />
        Copy
      </Button>
    </div>
  );
}

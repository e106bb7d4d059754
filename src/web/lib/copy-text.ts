// Copying a value the page shows once or links to (a new API key, a calendar address), with a toast either way.
import { toast } from '@/components/ui/use-toast';

export async function copyText(text: string, words: { done: string; failed: string; hint: string }): Promise<void> {
  try {
    // Missing outside secure contexts (plain http on a LAN address): reported like a refused copy.
    if (!navigator.clipboard) throw new Error('Clipboard unavailable');
    await navigator.clipboard.writeText(text);
    toast({ title: words.done });
  } catch {
    toast({ variant: 'destructive', title: words.failed, description: words.hint });
  }
}

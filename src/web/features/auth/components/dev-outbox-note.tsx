import { Inbox } from 'lucide-react';
import { useAppInfo } from '@/features/auth/api/get-app-info';

/** Where no e-mail leaves the machine, say where the code can be read instead: only where the server says this browser can. */
export function DevOutboxNote() {
  const { data } = useAppInfo();
  if (!data?.devOutbox) return null;
  return (
    <p className="flex items-start gap-2 rounded-md border border-dashed border-amber-300 bg-amber-50 px-3 py-2 text-xs text-amber-900" data-testid="dev-outbox-note">
      <Inbox className="mt-0.5 size-3.5 shrink-0" aria-hidden />
      <span>
        Development mode: e-mails are not sent. Read your verification code in the outbox at{' '}
        <a href="/dev/outbox" target="_blank" rel="noreferrer" className="font-medium underline">
          /dev/outbox
        </a>
        .
      </span>
    </p>
  );
}

// What every route that writes appointments hands the writes for their e-mails (scheduling, the dispatch board).
import type { AppDeps, ZodApp } from '../../platform/app-deps';
import { createAfterCommit } from './after-commit';
import type { MailDeps } from './appointment-writes';

export function appointmentMailDeps(app: ZodApp, deps: AppDeps): MailDeps {
  const mail: MailDeps = {
    // Read at call time, so a test can watch deps.mailer.
    get mailer() {
      return deps.mailer;
    },
    appUrl: deps.config.appUrl,
    mailFrom: deps.config.MAIL_FROM,
    afterCommit: createAfterCommit((err) => app.log.error({ err }, 'an appointment e-mail after its commit failed')),
  };
  // A shutdown sends the e-mails of bookings already answered before the database closes.
  app.addHook('onClose', () => mail.afterCommit.settled());
  return mail;
}

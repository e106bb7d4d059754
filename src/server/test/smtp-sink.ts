// A real SMTP server on a free local port (the `smtp-server` package), for tests of the real nodemailer path
// and for rigs that run the app with NODE_ENV=production, which refuses to start without SMTP_URL.
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The message as it crossed the wire (headers and body, RFC 5322). */
  raw: string;
}

export interface SmtpSink {
  /** smtp://127.0.0.1:{port}, with the credentials when `auth` was given. */
  url: string;
  port: number;
  received: ReceivedMail[];
  close: () => Promise<void>;
  /** Lets the process end while the sink still listens (rigs that never close it). */
  unref: () => void;
}

export interface SmtpSinkOptions {
  /** Require these credentials (a wrong pair answers 535). Without it any client may send. */
  auth?: { user: string; pass: string };
  /** Refuse every message after DATA with this reply (e.g. 550 mailbox unavailable). */
  rejectData?: { responseCode: number; message: string };
}

export async function startSmtpSink(opts: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const options: SMTPServerOptions = {
    // Plain SMTP on loopback: the built-in test certificate would only make nodemailer refuse the upgrade.
    disabledCommands: opts.auth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    allowInsecureAuth: true,
    authOptional: !opts.auth,
    logger: false,
    onAuth(auth, _session, callback) {
      if (opts.auth && auth.username === opts.auth.user && auth.password === opts.auth.pass) return callback(null, { user: auth.username });
      return callback(Object.assign(new Error('Authentication credentials invalid'), { responseCode: 535 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (opts.rejectData) return callback(Object.assign(new Error(opts.rejectData.message), { responseCode: opts.rejectData.responseCode }));
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  };
  const server = new SMTPServer(options);
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });
  const credentials = opts.auth ? `${encodeURIComponent(opts.auth.user)}:${encodeURIComponent(opts.auth.pass)}@` : '';
  return {
    url: `smtp://${credentials}127.0.0.1:${port}`,
    port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    unref: () => void server.server.unref(),
  };
}

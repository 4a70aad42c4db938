import { envMs, type Logger } from '@pds/service-runtime';
import { createTransport } from 'nodemailer';
import type { MailMessage } from './messages';

// Mail goes out through one SMTP server (SMTP_URL) with nodemailer. A page that sends waits for the answer, so every
// wait is bounded well below nodemailer's defaults (2 minutes to connect, 30 s for the greeting, 10 minutes of
// silence), and a send is one attempt: on failure the page says so and offers "send again", rather than a queue
// keeping a live link in a table until the server comes back.

export interface MailSettings {
  /** smtp://host:port or smtps://user:password@host:port; never logged whole (see `redactedSmtpUrl`). */
  smtpUrl: string;
  /** The From of every message. */
  from: string;
  /** The longest a send may take, connecting to the server's last answer. */
  sendTimeoutMs: number;
}

export const defaultMailFrom = 'Property Data Service <no-reply@pds.invalid>';

/** The connection settings, with the URL's own (host, port, TLS, credentials) taking precedence. */
export const transportOptions = {
  pool: true,
  maxConnections: 2,
  // One attempt: nodemailer's pool otherwise sends a message again (up to 5 times) when a connection closes under it.
  maxRequeues: 0,
  connectionTimeout: 5_000,
  greetingTimeout: 5_000,
  socketTimeout: 10_000,
} as const;

/** The SMTP URL as it may be logged: scheme, host and port, no credentials or parameters. */
export const redactedSmtpUrl = (smtpUrl: string): string => {
  try {
    const url = new URL(smtpUrl);
    return `${url.protocol}//${url.username || url.password ? '***@' : ''}${url.host}`;
  } catch {
    return '(not a URL)';
  }
};

/** Whether mail to this URL is encrypted or not sent: implicit TLS (smtps:) or STARTTLS required (requireTLS=true). */
const tlsRequired = (url: URL) => url.protocol === 'smtps:' || url.searchParams.get('requireTLS') === 'true';

/** The mail settings (docs/operations.md, "Account settings"), or undefined where SMTP_URL is not set. */
export const mailSettingsFromEnv = (env: NodeJS.ProcessEnv = process.env): MailSettings | undefined => {
  const smtpUrl = env.SMTP_URL;
  if (!smtpUrl) return undefined;
  let url: URL;
  try {
    url = new URL(smtpUrl);
  } catch {
    throw new Error(`SMTP_URL must be an smtp: or smtps: URL, not ${redactedSmtpUrl(smtpUrl)}`);
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:')
    throw new Error(`SMTP_URL must be an smtp: or smtps: URL, not ${url.protocol}`);
  const production = env.NODE_ENV === 'production';
  if (production && !tlsRequired(url))
    throw new Error('SMTP_URL must be smtps: or carry requireTLS=true in production: reset links must not cross the network in clear');
  if (production && !env.MAIL_FROM) throw new Error('MAIL_FROM is required in production: the default is not a real address');
  return { smtpUrl, from: env.MAIL_FROM || defaultMailFrom, sendTimeoutMs: envMs('MAIL_SEND_TIMEOUT_MS', 10_000, env) };
};

/** Whether a message went: the page tells the person either way. */
export type MailOutcome = { sent: true; messageId: string } | { sent: false; reason: string };

export interface Mailer {
  /** One attempt to hand `message` to the SMTP server for `to`, answered within the send timeout. */
  send(to: string, message: MailMessage): Promise<MailOutcome>;
  /** Closes the pooled connections. */
  close(): void;
}

export const createMailer = (settings: MailSettings, logger: Logger): Mailer => {
  const transport = createTransport({ ...transportOptions, url: settings.smtpUrl }, { from: settings.from });
  const server = redactedSmtpUrl(settings.smtpUrl);
  return {
    send: async (to, message) => {
      const startedAt = Date.now();
      try {
        // The signal gives up a send still waiting (queued, connecting, talking) once the page has waited long enough.
        const info = await transport.sendMail({ to, ...message, signal: AbortSignal.timeout(settings.sendTimeoutMs) });
        logger.info({ server, subject: message.subject, tookMs: Date.now() - startedAt }, 'mail sent');
        return { sent: true, messageId: info.messageId };
      } catch (error) {
        const err = error as Error & { code?: string; responseCode?: number };
        const reason = [err.code, err.responseCode, err.message].filter((part) => part !== undefined).join(' ');
        // The address is the customer's; the subject says which mail it was.
        logger.warn({ server, subject: message.subject, reason, tookMs: Date.now() - startedAt }, 'mail not sent');
        return { sent: false, reason };
      }
    },
    close: () => transport.close(),
  };
};

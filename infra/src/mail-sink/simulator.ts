import { createLogger, type Logger } from '@pds/service-runtime';
import type { Express } from 'express';
import { simulatorApp } from '../simulator-kit/app';
import { listen, type RunningSimulator } from '../simulator-kit/listen';
import { mailControlRoutes } from './control-routes';
import { EmlFiles } from './eml-files';
import { defaultMailboxLimit, Mailbox } from './mailbox';
import { createSmtpSink, defaultMessageSizeLimitBytes, listenSmtp } from './sink';
import { viewerRoutes } from './viewer-routes';

// The mail test environment: an SMTP server that keeps what the services send (sink.ts) and an HTTP side with the
// viewer (viewer-routes.ts), the controls a test uses (control-routes.ts) and /health. main.ts runs it as a process
// (started by the stack, its SMTP address given to the gateway as SMTP_URL); tests may start it in theirs.

export interface MailSinkOptions {
  logger?: Logger;
  /** Messages kept in memory, newest (default 500). */
  mailboxLimit?: number;
  /** Larger messages are refused with 552 (default 1 MiB). */
  sizeLimitBytes?: number;
  /** Where each message is also written as an .eml file (MAIL_SINK_DIR); absent: memory only. */
  emlDir?: string;
  /** .eml files kept in `emlDir`, newest (default 1,000). */
  emlFileLimit?: number;
}

export interface MailSinkPorts {
  /** 0: any free port. */
  smtpPort: number;
  httpPort: number;
  host: string;
}

/** The running sink: `url` is the viewer's and the controls' root; `smtpUrl` what a sender is given as SMTP_URL. */
export interface RunningMailSink extends RunningSimulator {
  smtpPort: number;
  smtpUrl: string;
  mailbox: Mailbox;
}

export const createMailViewer = (mailbox: Mailbox, logger: Logger, smtpPort: number): Express =>
  simulatorApp({
    logger,
    health: () => ({ messages: mailbox.size, smtpPort }),
    routes: (app) => app.use(viewerRoutes(mailbox)),
    control: mailControlRoutes(mailbox),
    answers: {
      invalid: (res, status, { message }) => res.status(status).json({ error: message }),
      notFound: (res, message) => res.status(404).json({ error: message }),
      failed: (res) => res.status(500).json({ error: 'the mail sink failed; see its log' }),
    },
  });

export const startMailSink = async (options: MailSinkOptions, ports: MailSinkPorts): Promise<RunningMailSink> => {
  const logger = options.logger ?? createLogger('mail-sink');
  const mailbox = new Mailbox(options.mailboxLimit ?? defaultMailboxLimit);
  const files = options.emlDir === undefined ? undefined : new EmlFiles(options.emlDir, options.emlFileLimit);
  const sizeLimitBytes = options.sizeLimitBytes ?? defaultMessageSizeLimitBytes;
  const smtp = await listenSmtp(createSmtpSink({ mailbox, files, sizeLimitBytes, logger }), ports.smtpPort, ports.host, logger);
  const http = await listen(createMailViewer(mailbox, logger, smtp.port), { port: ports.httpPort, host: ports.host }).catch(
    async (err: unknown) => {
      await smtp.close();
      throw err;
    },
  );
  return {
    ...http,
    smtpPort: smtp.port,
    smtpUrl: `smtp://${ports.host}:${smtp.port}`,
    mailbox,
    close: async () => {
      await Promise.all([http.close(), smtp.close()]);
    },
  };
};

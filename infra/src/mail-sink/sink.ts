import type { Logger } from '@pds/service-runtime';
import { simpleParser, type AddressObject } from 'mailparser';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import type { EmlFiles } from './eml-files';
import type { CaughtMessage, Mailbox } from './mailbox';

// The sink's SMTP side: any client may send without authentication or TLS (it listens on loopback, for the services
// and tests of this machine only), every message is accepted for any recipient and delivered nowhere, only kept.
// A message over the size limit is refused with 552, as a provider refuses one, so a sender meets that answer here.

export const defaultMessageSizeLimitBytes = 1_048_576;

export interface CatchingOptions {
  mailbox: Mailbox;
  /** Where each message is also written as an .eml file; absent: memory only. */
  files?: EmlFiles;
  /** Messages larger than this are refused (552). */
  sizeLimitBytes: number;
  logger: Logger;
}

const textOf = (address: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(address) ? address : address ? [address] : []).map((a) => a.text).join(', ');

/** Reads the DATA stream, keeping no more than the limit (the rest is read and dropped), and says whether it fitted. */
const readData = (stream: SMTPServerDataStream, limitBytes: number) =>
  new Promise<{ raw: Buffer; oversized: boolean }>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let kept = 0;
    stream.on('data', (chunk: Buffer) => {
      if (kept + chunk.length <= limitBytes) chunks.push(chunk);
      kept += chunk.length;
    });
    stream.once('error', reject);
    stream.once('end', () => resolve({ raw: Buffer.concat(chunks), oversized: stream.sizeExceeded || kept > limitBytes }));
  });

const catchMessage = async (raw: Buffer, session: SMTPServerSession, options: CatchingOptions): Promise<CaughtMessage> => {
  const parsed = await simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true });
  const { mailFrom, rcptTo } = session.envelope;
  const message: CaughtMessage = {
    id: randomBytes(8).toString('hex'),
    receivedAt: new Date().toISOString(),
    envelope: { from: mailFrom ? mailFrom.address : '', to: rcptTo.map((r) => r.address) },
    from: textOf(parsed.from),
    to: textOf(parsed.to),
    subject: parsed.subject ?? '',
    text: parsed.text ?? '',
    html: parsed.html || null,
    messageId: parsed.messageId ?? null,
    sizeBytes: raw.length,
  };
  options.mailbox.add(message, raw);
  options.files?.write(message.receivedAt, message.id, raw);
  options.logger.info({ id: message.id, to: message.envelope.to, subject: message.subject, sizeBytes: raw.length }, 'message caught');
  return message;
};

const tooLarge = (limitBytes: number) =>
  Object.assign(new Error(`Error: message exceeds fixed maximum message size ${limitBytes}`), { responseCode: 552 });

/** The SMTP server of the sink; `listen` it on a port. */
export const createSmtpSink = (options: CatchingOptions): SMTPServer =>
  new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    banner: 'Property Data Service mail sink: messages are kept for tests and never delivered',
    size: options.sizeLimitBytes,
    // The server answers 552 itself once a message passes `size`, whatever onData says.
    rejectOversized: true,
    logger: false,
    // Closing waits this long for pooled client connections (idle, kept open by the sender) before ending them.
    closeTimeout: 500,
    onData: (stream, session, callback) => {
      readData(stream, options.sizeLimitBytes)
        .then(async ({ raw, oversized }) => {
          if (oversized) {
            options.logger.info({ to: session.envelope.rcptTo.map((r) => r.address) }, 'message refused: too large');
            return callback(tooLarge(options.sizeLimitBytes));
          }
          const message = await catchMessage(raw, session, options);
          callback(null, `OK: kept as ${message.id}`);
        })
        .catch((err: unknown) => {
          options.logger.error({ err }, 'message not kept');
          callback(Object.assign(new Error('Error: the sink could not keep the message; see its log'), { responseCode: 451 }));
        });
    },
  });

export interface RunningSmtpSink {
  port: number;
  close(): Promise<void>;
}

export const listenSmtp = async (server: SMTPServer, port: number, host: string, logger: Logger): Promise<RunningSmtpSink> => {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  // Errors after listening (a client that hangs up mid-message) are the client's; the server goes on.
  server.on('error', (err) => logger.debug({ err }, 'SMTP connection failed'));
  return {
    port: (server.server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

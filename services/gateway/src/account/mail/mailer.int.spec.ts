import { MailControl, startMailSink, type RunningMailSink } from '@pds/infra';
import { createLogger } from '@pds/service-runtime';
import { createServer, type Server, type Socket } from 'node:net';
import { createMailer, type Mailer } from './mailer';
import { verifyEmail } from './messages';

// The gateway's mailer over real SMTP on loopback: to the mail sink (the stack's), where the message is found by its
// recipient as a test of the dashboard will find it; and to servers that misbehave, to see the page's wait bounded by
// MAIL_SEND_TIMEOUT_MS and a failed send never tried again.

const logger = createLogger('mailer-test', 'silent');
let sink: RunningMailSink;

beforeAll(async () => {
  sink = await startMailSink({ logger }, { smtpPort: 0, httpPort: 0, host: '127.0.0.1' });
});
afterAll(async () => sink?.close());

/** A TCP server that does `onConnection` with each connection, counting them. */
const rogueServer = async (onConnection: (socket: Socket) => void) => {
  const sockets: Socket[] = [];
  const server: Server = createServer((socket) => {
    sockets.push(socket);
    onConnection(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.address() as { port: number }).port}`,
    connections: () => sockets.length,
    close: () =>
      new Promise<void>((resolve) => {
        sockets.forEach((s) => s.destroy());
        server.close(() => resolve());
      }),
  };
};

const withMailer = async (smtpUrl: string, sendTimeoutMs: number, use: (mailer: Mailer) => Promise<void>) => {
  const mailer = createMailer({ smtpUrl, from: 'Property Data Service <no-reply@pds.invalid>', sendTimeoutMs }, logger);
  try {
    await use(mailer);
  } finally {
    mailer.close();
  }
};

describe('the mailer', () => {
  it('hands a message to the SMTP server: the sink has it for the recipient, with the link in its text', async () => {
    const mail = new MailControl(sink.url);
    const message = verifyEmail({ publicUrl: 'http://127.0.0.1:8080', email: 'ann@example.com', token: 'tok_123', validForHours: 24 });
    await withMailer(sink.smtpUrl, 10_000, async (mailer) => {
      const outcome = await mailer.send('ann@example.com', message);
      expect(outcome).toEqual({ sent: true, messageId: expect.stringMatching(/^<.+@pds\.invalid>$/) });
      const caught = await mail.waitFor({ to: 'ann@example.com', subject: message.subject }, 2_000);
      expect(caught.envelope).toEqual({ from: 'no-reply@pds.invalid', to: ['ann@example.com'] });
      expect(caught.messageId).toBe((outcome as { messageId: string }).messageId);
      expect(caught.html).toBe(message.html);
      expect(mail.linkIn(caught, '/account/verify')).toBe('http://127.0.0.1:8080/account/verify?token=tok_123');
    });
  });

  it('gives up on a server that never greets once MAIL_SEND_TIMEOUT_MS has passed', async () => {
    const silent = await rogueServer(() => undefined);
    try {
      await withMailer(silent.url, 400, async (mailer) => {
        const startedAt = Date.now();
        const outcome = await mailer.send(
          'ann@example.com',
          verifyEmail({ publicUrl: 'http://x', email: 'a@b.c', token: 't', validForHours: 1 }),
        );
        const tookMs = Date.now() - startedAt;
        expect(outcome.sent).toBe(false);
        expect(tookMs).toBeGreaterThanOrEqual(380);
        // Well before the 5 s greeting timeout: the send's own limit cut it short.
        expect(tookMs).toBeLessThan(2_000);
      });
    } finally {
      await silent.close();
    }
  });

  it('makes one attempt: a server that hangs up before greeting is not tried again', async () => {
    // nodemailer's pool sends a message again when its connection closes before an answer (5 times by default).
    const hangsUp = await rogueServer((socket) => socket.end());
    try {
      await withMailer(hangsUp.url, 3_000, async (mailer) => {
        const outcome = await mailer.send(
          'ann@example.com',
          verifyEmail({ publicUrl: 'http://x', email: 'a@b.c', token: 't', validForHours: 1 }),
        );
        expect(outcome.sent).toBe(false);
        // Time for a second attempt (nodemailer's first waits 50 ms, then 100 ms) to have connected, had there been one.
        await new Promise((resolve) => setTimeout(resolve, 500));
        expect(hangsUp.connections()).toBe(1);
      });
    } finally {
      await hangsUp.close();
    }
  });
});

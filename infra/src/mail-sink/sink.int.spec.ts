import { createLogger } from '@pds/service-runtime';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTransport } from 'nodemailer';
import { MailControl } from '../mail-control';
import { startMailSink, type RunningMailSink } from './simulator';

// The sink as the services meet it, over real SMTP and HTTP on loopback, sent to by nodemailer over a pool of two
// connections, as the gateway sends (infra may not import the gateway: its own int test,
// services/gateway/src/account/mail/mailer.int.spec.ts, sends to this sink through its mailer and finds the message by
// recipient). The limits are the sink's defaults: 1 MiB a message, 500 messages kept.

const logger = createLogger('mail-sink-test', 'silent');
const from = 'Property Data Service <no-reply@pds.invalid>';

let sink: RunningMailSink;
let mail: MailControl;
let transport: ReturnType<typeof createTransport>;
let emlDir: string;

beforeAll(async () => {
  emlDir = mkdtempSync(join(tmpdir(), 'mail-sink-'));
  // An .eml file of an earlier run, older than anything sent now: the first to go once the files pass their limit.
  writeFileSync(join(emlDir, '2000-01-01T00-00-00.000Z-0000000000000000.eml'), 'Subject: old\r\n\r\nold\r\n');
  sink = await startMailSink({ logger, emlDir, emlFileLimit: 3 }, { smtpPort: 0, httpPort: 0, host: '127.0.0.1' });
  mail = new MailControl(sink.url);
  transport = createTransport({ url: sink.smtpUrl, pool: true, maxConnections: 2 }, { from });
});
afterAll(async () => {
  transport?.close();
  await sink?.close();
  rmSync(emlDir, { recursive: true, force: true });
});
afterEach(async () => mail.clearFaults());

const send = (to: string, subject: string, text = 'Hello', html?: string) =>
  transport.sendMail({ to, subject, text, ...(html ? { html } : {}) });

describe('the mail sink', () => {
  it('keeps a message, found through the controls by recipient (any case) and by part of the subject', async () => {
    const link = 'http://127.0.0.1:8080/account/verify?token=abc_DEF-123';
    await send('Ann@Example.com', 'Confirm your email address', `Open this link:\n${link}\n`, `<p><a href="${link}">${link}</a></p>`);
    await send('bob@example.com', 'Reset your password');

    const found = await mail.waitFor({ to: 'ann@example.com' }, 2_000);
    expect(found).toMatchObject({
      // nodemailer writes the domain in lower case (as DNS reads it), the local part as given.
      envelope: { from: 'no-reply@pds.invalid', to: ['Ann@example.com'] },
      from: '"Property Data Service" <no-reply@pds.invalid>',
      to: 'Ann@example.com',
      subject: 'Confirm your email address',
      text: `Open this link:\n${link}\n`,
      html: `<p><a href="${link}">${link}</a></p>`,
    });
    expect(found.messageId).toMatch(/^<.+@.+>$/);
    expect(mail.linkIn(found, '/account/verify')).toBe(link);
    expect(() => mail.linkIn(found, '/account/password/reset')).toThrow(`no link to /account/password/reset`);

    expect((await mail.messages({ subject: 'Reset' })).map((m) => m.envelope.to)).toEqual([['bob@example.com']]);
    expect((await mail.messages({ subject: 'reset' })).length).toBe(0);
    expect((await mail.messages({ to: 'carol@example.com' })).length).toBe(0);
    expect((await mail.messages()).map((m) => m.subject)).toEqual(['Reset your password', 'Confirm your email address']);
    await expect(mail.waitFor({ to: 'carol@example.com' }, 300)).rejects.toThrow(
      'no message {"to":"carol@example.com"} in the mail sink within 300 ms',
    );
  });

  it('refuses a message over 1 MiB with 552 and keeps nothing of it', async () => {
    // Lines of 60 characters go as they are (7bit), 62 bytes each with CRLF: 2,108,000 bytes, then 930,000.
    const twoMegabytes = 'x'.repeat(60).concat('\n').repeat(34_000);
    await expect(send('ann@example.com', 'Too large', twoMegabytes)).rejects.toMatchObject({ responseCode: 552 });
    await send('ann@example.com', 'Large', 'y'.repeat(60).concat('\n').repeat(15_000));
    const kept = await mail.messages();
    expect(kept.map((m) => m.subject)).toEqual(['Large']);
    expect(kept[0]!.sizeBytes).toBeGreaterThan(930_000);
    expect(kept[0]!.sizeBytes).toBeLessThan(1_048_576);
  });

  it('keeps the newest 500: the 501st drops the oldest', async () => {
    // One after another, so that the order caught is the order sent.
    for (let n = 1; n <= 501; n++) await send(`n${n}@example.com`, `Message ${n}`);
    const kept = await mail.messages();
    expect(kept.length).toBe(500);
    expect(kept.map((m) => m.subject)).toEqual(Array.from({ length: 500 }, (_, i) => `Message ${501 - i}`));
    expect(await mail.messages({ to: 'n1@example.com' })).toEqual([]);
    expect((await mail.messages({ to: 'n2@example.com' })).map((m) => m.subject)).toEqual(['Message 2']);
  });

  it('shows a hostile subject and text escaped, under a CSP that lets nothing run', async () => {
    const subject = '<script>alert("subject")</script>';
    await send('eve@example.com', subject, 'See <img src=x onerror=alert(1)> and https://example.com/a?b=1&c="2"');
    const [message] = await mail.messages({ to: 'eve@example.com' });

    const list = await fetch(sink.url);
    const listPage = await list.text();
    expect(list.headers.get('content-security-policy')).toBe(
      "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    );
    expect(list.headers.get('x-content-type-options')).toBe('nosniff');
    expect(listPage).toContain('&lt;script&gt;alert(&quot;subject&quot;)&lt;/script&gt;');
    expect(listPage).not.toContain('<script');

    const shown = await (await fetch(`${sink.url}/messages/${message!.id}`)).text();
    expect(shown).toContain('<title>&lt;script&gt;alert(&quot;subject&quot;)&lt;/script&gt;</title>');
    expect(shown).toContain(
      'See &lt;img src=x onerror=alert(1)&gt; and <a href="https://example.com/a?b=1&amp;c=">https://example.com/a?b=1&amp;c=</a>&quot;2&quot;',
    );
    expect(shown).not.toMatch(/<script|<img/);

    const raw = await fetch(`${sink.url}/messages/${message!.id}.eml`);
    expect(raw.headers.get('content-type')).toBe('message/rfc822');
    // The raw message as sent (its subject MIME-encoded), given as a file to save, never a page to render.
    expect(raw.headers.get('content-disposition')).toBe(`attachment; filename="${message!.id}.eml"`);
    const eml = await raw.text();
    expect(eml).toMatch(/^From: Property Data Service <no-reply@pds\.invalid>\r\n/);
    expect(eml).toContain('Subject: =?UTF-8?Q?=3Cscript=3Ealert');
    expect(eml).toContain('\r\n\r\nSee <img src=x onerror=alert(1)> and');
    expect((await fetch(`${sink.url}/messages/ffffffffffffffff`)).status).toBe(404);
  });

  it('writes each message as an .eml file, keeping the newest files (3 here)', async () => {
    for (const n of [1, 2, 3, 4]) await send('files@example.com', `File ${n}`);
    const files = readdirSync(emlDir).sort();
    expect(files.length).toBe(3);
    expect(files.every((f) => /^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z-[0-9a-f]{16}\.eml$/.test(f))).toBe(true);
    expect(files.map((f) => /^Subject: (.*)$/m.exec(readFileSync(join(emlDir, f), 'utf8'))?.[1])).toEqual(['File 2', 'File 3', 'File 4']);
  });

  it('answers /health with what it holds, and empties the mailbox on DELETE', async () => {
    await send('ann@example.com', 'One');
    expect(await (await fetch(`${sink.url}/health`)).json()).toEqual({ status: 'ok', messages: 1, smtpPort: sink.smtpPort });
    await mail.clearFaults();
    expect(await mail.messages()).toEqual([]);
  });
});

import { Router, type Response } from 'express';
import type { CaughtMessage, Mailbox } from './mailbox';

// The sink's pages for a person: the messages newest first, one message's text with its links clickable, and the raw
// message as an .eml file. Everything shown came from whoever sent the message, so every field is escaped, the HTML
// part is never rendered, and the pages' CSP allows nothing to load or run (no script, style, image or frame).

const securityHeaders = {
  'Content-Security-Policy': "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  // The links in mail carry one-time tokens; the viewer's own address is none of the target's business either.
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
};

const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text as it may stand in an element or a quoted attribute. */
export const escapeText = (text: string) => text.replace(/[&<>"']/g, (c) => entities[c]!);

/** The text with each http(s) URL made a link, everything escaped. */
export const linkedText = (text: string) =>
  text
    .split(/(https?:\/\/[^\s<>"']+)/)
    .map((part, i) => (i % 2 === 1 ? `<a href="${escapeText(part)}">${escapeText(part)}</a>` : escapeText(part)))
    .join('');

const page = (res: Response, title: string, body: string) =>
  res
    .status(200)
    .set(securityHeaders)
    .type('html')
    .send(
      `<!doctype html>\n<html lang="en">\n<head><meta charset="utf-8"><title>${escapeText(title)}</title></head>\n` +
        `<body>\n<h1>${escapeText(title)}</h1>\n${body}\n</body>\n</html>\n`,
    );

const messagePath = (m: CaughtMessage) => `/messages/${encodeURIComponent(m.id)}`;

const listRow = (m: CaughtMessage) =>
  `<tr><td>${escapeText(m.receivedAt)}</td><td>${escapeText(m.envelope.to.join(', '))}</td>` +
  `<td><a href="${messagePath(m)}">${escapeText(m.subject || '(no subject)')}</a></td>` +
  `<td>${escapeText(m.from)}</td><td><a href="${messagePath(m)}.eml">.eml</a></td></tr>`;

const listPage = (messages: CaughtMessage[]) =>
  messages.length === 0
    ? '<p>No messages yet.</p>'
    : '<table>\n<caption>Newest first</caption>\n' +
      '<tr><th scope="col">Received</th><th scope="col">To</th><th scope="col">Subject</th><th scope="col">From</th><th scope="col">Raw</th></tr>\n' +
      messages.map(listRow).join('\n') +
      '\n</table>';

const headerRow = (name: string, value: string) => `<tr><th scope="row">${name}</th><td>${escapeText(value)}</td></tr>`;

const messagePage = (m: CaughtMessage) =>
  '<p><a href="/">All messages</a></p>\n<table>\n' +
  [
    headerRow('Received', m.receivedAt),
    headerRow('Envelope from', m.envelope.from),
    headerRow('Envelope to', m.envelope.to.join(', ')),
    headerRow('From', m.from),
    headerRow('To', m.to),
    headerRow('Message-ID', m.messageId ?? ''),
    headerRow('Size', `${m.sizeBytes} bytes${m.html === null ? '' : '; has an HTML part, not shown here (see the .eml)'}`),
  ].join('\n') +
  `\n</table>\n<pre>${linkedText(m.text)}</pre>\n<p><a href="${messagePath(m)}.eml">Raw message (.eml)</a></p>`;

export const viewerRoutes = (mailbox: Mailbox): Router => {
  const router = Router();
  router.get('/', (_req, res) => page(res, 'Mail sink', listPage(mailbox.list())));
  router.get('/messages/:id.eml', (req, res) => {
    const held = mailbox.get(req.params.id);
    if (!held) return res.status(404).set(securityHeaders).type('text').send('no such message');
    res
      .status(200)
      .set({ ...securityHeaders, 'Content-Disposition': `attachment; filename="${held.message.id}.eml"` })
      .type('message/rfc822')
      .send(held.raw);
  });
  router.get('/messages/:id', (req, res) => {
    const held = mailbox.get(req.params.id);
    if (!held) return res.status(404).set(securityHeaders).type('text').send('no such message');
    page(res, held.message.subject || '(no subject)', messagePage(held.message));
  });
  return router;
};

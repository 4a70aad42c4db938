import { Router } from 'express';
import type { Mailbox, MessageFilter } from './mailbox';

// The sink's controls, mounted at /_control (mail-control.ts is the typed client):
//
//   GET    /messages?to=&subject=   200 {messages: [...]}: those caught, newest first; `to` an envelope recipient
//                                  (any case), `subject` a part of the subject
//   DELETE /messages                204: the mailbox emptied (the .eml files stay)

export const mailControlRoutes = (mailbox: Mailbox): Router => {
  const router = Router();
  router.get('/messages', (req, res) => {
    const filter: MessageFilter = {};
    const { to, subject } = req.query;
    if (to !== undefined && typeof to !== 'string') return res.status(400).json({ error: 'to must be given once' });
    if (subject !== undefined && typeof subject !== 'string') return res.status(400).json({ error: 'subject must be given once' });
    if (to !== undefined) filter.to = to;
    if (subject !== undefined) filter.subject = subject;
    res.json({ messages: mailbox.list(filter) });
  });
  router.delete('/messages', (_req, res) => {
    mailbox.clear();
    res.status(204).end();
  });
  return router;
};

import { html, type Html } from '../web/html';

// The emails the account pages send, as pure functions of what they say: a plain-text part first (what many mail
// programs show, and what a person can read in any of them) and the same words as HTML, every value escaped by the
// `html` template. No images, no tracking, nothing fetched: every link is a page under PUBLIC_URL/account/.

/** One email's words, as nodemailer takes them. */
export interface MailMessage {
  subject: string;
  text: string;
  html: string;
}

/** What every message needs: the dashboard's public base (PUBLIC_URL) and the address it goes to. */
export interface MessageContext {
  publicUrl: string;
  /** The customer's own (normalised) address, shown in the message so a person can tell it was meant for them. */
  email: string;
}

/** A message carrying a one-time link (verification, reset). */
export interface TokenMessageContext extends MessageContext {
  token: string;
  /** How long the link works, as the page that made the token set it. */
  validForHours: number;
}

const service = 'Property Data Service';

/** The address of a dashboard page: `path` under PUBLIC_URL (a base with a path keeps it), with its query. */
export const accountLink = (publicUrl: string, path: string, query: Record<string, string> = {}): string => {
  const search = new URLSearchParams(query).toString();
  return `${publicUrl.replace(/\/+$/, '')}/account${path}${search ? `?${search}` : ''}`;
};

const hours = (n: number) => (n === 1 ? '1 hour' : `${n} hours`);

/** A paragraph of text, or one holding a link: the text part writes the link on its own line, the HTML part as a link. */
type Block = string | { before: string; link: string };

const compose = (subject: string, blocks: readonly Block[]): MailMessage => {
  const text = blocks.map((b) => (typeof b === 'string' ? b : `${b.before}\n${b.link}`)).join('\n\n');
  const paragraphs: Html[] = blocks.map((b) =>
    typeof b === 'string' ? html`<p>${b}</p>` : html`<p>${b.before}<br /><a href="${b.link}">${b.link}</a></p>`,
  );
  const page = html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <title>${subject}</title>
      </head>
      <body>
        ${paragraphs}
      </body>
    </html> `;
  return { subject, text: `${text}\n\n${service}\n`, html: page.markup };
};

export const subjects = {
  verifyEmail: `Confirm your email address for ${service}`,
  resetPassword: `Reset your ${service} password`,
  signUpAgain: `You already have a ${service} account`,
  passwordChanged: `Your ${service} password was changed`,
} as const;

/** After sign-up (and "send again"): the link that verifies the address and opens the trial account. */
export const verifyEmail = (c: TokenMessageContext): MailMessage =>
  compose(subjects.verifyEmail, [
    `Someone, we hope you, signed up for ${service} with ${c.email}.`,
    {
      before: `To confirm it is your address, open this link within ${hours(c.validForHours)}:`,
      link: accountLink(c.publicUrl, '/verify', { token: c.token }),
    },
    'If it was not you, ignore this email: no account opens without the link.',
  ]);

/** After "forgot password": the link to choose a new one. */
export const resetPassword = (c: TokenMessageContext): MailMessage =>
  compose(subjects.resetPassword, [
    `Someone asked to reset the password of the ${service} account of ${c.email}.`,
    {
      before: `To choose a new password, open this link within ${hours(c.validForHours)}:`,
      link: accountLink(c.publicUrl, '/password/reset', { token: c.token }),
    },
    'If it was not you, ignore this email: your password stays as it is.',
  ]);

/**
 * To a verified address that someone tried to sign up with again: the sign-up page answers as for any address (so it
 * never tells who has an account), and only the owner of the address learns it, here.
 */
export const signUpAgain = (c: MessageContext): MailMessage =>
  compose(subjects.signUpAgain, [
    `Someone tried to sign up for ${service} with ${c.email}, which already has an account.`,
    { before: 'To sign in:', link: accountLink(c.publicUrl, '/sign-in') },
    { before: 'If you have forgotten your password, reset it here:', link: accountLink(c.publicUrl, '/password/forgot') },
    'If it was not you, ignore this email: nothing has changed.',
  ]);

/** After a password change or reset: the owner hears of it, and how to take the account back if it was not them. */
export const passwordChanged = (c: MessageContext): MailMessage =>
  compose(subjects.passwordChanged, [
    `The password of the ${service} account of ${c.email} was changed, and every session signed in before was signed out.`,
    { before: 'If it was not you, reset your password now:', link: accountLink(c.publicUrl, '/password/forgot') },
  ]);

import { accountLink, passwordChanged, resetPassword, signUpAgain, verifyEmail, type MailMessage } from './messages';

// The words of each email, checked as a person reads them: the link in both parts (written out here by hand from
// PUBLIC_URL and the page's path), the address shown as typed in the text and escaped in the HTML, fixed subjects,
// and nothing in the HTML fetched from anywhere.

const publicUrl = 'https://pds.example';
const token = 'q1W-e2R_t3Y4u5I6o7P8a9S0d1F2g3H4j5K6l7Z8x9C';
const hostileEmail = 'ann<script>alert(1)</script>"@example.com';

const hrefsIn = (message: MailMessage) => [...message.html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));

/** What a mail program shows of the HTML part: the text between its tags, with the character references read. */
const shownText = (markup: string) =>
  markup
    .replace(/<[^>]*>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

const expectSafeHtml = (message: MailMessage) => {
  expect(message.html).not.toMatch(/<img|<script|src=|style=|https?:\/\/(?!pds\.example\/account\/)/i);
  for (const href of hrefsIn(message)) expect(href.startsWith(`${publicUrl}/account/`)).toBe(true);
};

describe('account emails', () => {
  it('verifyEmail: the verification link in both parts, valid 24 hours, the subject fixed', () => {
    const link = `https://pds.example/account/verify?token=${token}`;
    const message = verifyEmail({ publicUrl, email: 'ann@example.com', token, validForHours: 24 });
    expect(message.subject).toBe('Confirm your email address for Property Data Service');
    expect(message.text.split('\n')).toContain(link);
    expect(message.text).toContain('within 24 hours');
    expect(message.text).toContain('ann@example.com');
    expect(hrefsIn(message)).toEqual([link]);
    expect(shownText(message.html)).toContain(link);
    expectSafeHtml(message);
  });

  it('resetPassword: the reset link in both parts, valid 1 hour', () => {
    const link = `https://pds.example/account/password/reset?token=${token}`;
    const message = resetPassword({ publicUrl, email: 'ann@example.com', token, validForHours: 1 });
    expect(message.subject).toBe('Reset your Property Data Service password');
    expect(message.text.split('\n')).toContain(link);
    expect(message.text).toContain('within 1 hour:');
    expect(hrefsIn(message)).toEqual([link]);
    expectSafeHtml(message);
  });

  it('signUpAgain: links to sign in and to reset, and says an account exists', () => {
    const message = signUpAgain({ publicUrl, email: 'ann@example.com' });
    expect(message.subject).toBe('You already have a Property Data Service account');
    expect(hrefsIn(message)).toEqual(['https://pds.example/account/sign-in', 'https://pds.example/account/password/forgot']);
    for (const href of hrefsIn(message)) expect(message.text.split('\n')).toContain(href);
    expect(message.text).toContain('which already has an account');
    expectSafeHtml(message);
  });

  it('passwordChanged: the way back is a reset', () => {
    const message = passwordChanged({ publicUrl, email: 'ann@example.com' });
    expect(message.subject).toBe('Your Property Data Service password was changed');
    expect(hrefsIn(message)).toEqual(['https://pds.example/account/password/forgot']);
    expect(message.text).toContain('https://pds.example/account/password/forgot');
    expectSafeHtml(message);
  });

  it('shows an address with markup in it escaped in the HTML, as typed in the text', () => {
    for (const message of [
      verifyEmail({ publicUrl, email: hostileEmail, token, validForHours: 24 }),
      resetPassword({ publicUrl, email: hostileEmail, token, validForHours: 1 }),
      signUpAgain({ publicUrl, email: hostileEmail }),
      passwordChanged({ publicUrl, email: hostileEmail }),
    ]) {
      expect(message.text).toContain(hostileEmail);
      expect(message.html).toContain('ann&lt;script&gt;alert(1)&lt;/script&gt;&quot;@example.com');
      expect(message.html).not.toContain('<script>');
      expect(shownText(message.html)).toContain(hostileEmail);
    }
  });

  it('builds links under a PUBLIC_URL with a path, with or without its trailing slash', () => {
    expect(accountLink('https://example.org/pds/', '/verify', { token: 'a b&c' })).toBe(
      'https://example.org/pds/account/verify?token=a+b%26c',
    );
    expect(accountLink('https://example.org/pds', '/sign-in')).toBe('https://example.org/pds/account/sign-in');
  });
});

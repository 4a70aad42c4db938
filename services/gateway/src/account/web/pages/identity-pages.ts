import { html, type Html } from '../html';
import { form, type FieldErrors } from '../forms';

// The pages before sign-in. Each takes the form's token and what to show back; none writes a password back.

export const signUpPage = (csrf: string, email = '', errors: FieldErrors = {}): Html =>
  html`<p>Open an account with a free trial of 100 credits on the Basic plan. No card needed.</p>
    ${form(
      '/account/sign-up',
      csrf,
      [
        { name: 'email', label: 'Email address', type: 'email', autocomplete: 'email', value: email },
        { name: 'password', label: 'Password (at least 12 characters)', type: 'password', autocomplete: 'new-password' },
        { name: 'confirm', label: 'Password again', type: 'password', autocomplete: 'new-password' },
      ],
      'Sign up',
      errors,
    )}
    <p>Already have an account? <a href="/account/sign-in">Sign in</a>.</p>`;

export const checkMailPage = (email: string, mailed: boolean, limited = false): Html =>
  mailed
    ? html`<p class="notice">We sent a link to ${email}. Open it within 24 hours to verify your address and start your trial.</p>`
    : limited
      ? html`<p class="notice">
          We have sent as many emails as we will for this address, or from where you are, this hour. Use the newest link we sent, or try
          again in an hour.
        </p>`
      : html`<p class="notice">We could not send the email just now. Sign up again in a minute to have it sent again.</p>`;

export const signInPage = (csrf: string, next: string, email = '', errors: FieldErrors = {}): Html =>
  html`${form(
      '/account/sign-in',
      csrf,
      [
        { name: 'email', label: 'Email address', type: 'email', autocomplete: 'email', value: email },
        { name: 'password', label: 'Password', type: 'password', autocomplete: 'current-password' },
        { name: 'next', label: '', type: 'hidden', value: next },
      ],
      'Sign in',
      errors,
    )}
    <p><a href="/account/password/forgot">Forgotten your password?</a> New here? <a href="/account/sign-up">Sign up</a>.</p>`;

export const verifiedPage = (outcome: 'verified' | 'invalid' | 'ledger_unavailable'): Html => {
  if (outcome === 'verified')
    return html`<p class="notice">Your email is verified and your trial is ready.</p>
      <p><a href="/account/sign-in">Sign in</a></p>`;
  if (outcome === 'ledger_unavailable')
    return html`<p class="notice">Your email is verified. Your trial account will be ready when you sign in.</p>
      <p><a href="/account/sign-in">Sign in</a></p>`;
  return html`<p class="notice">
    This link has expired or was already used. <a href="/account/sign-up">Sign up again</a> to get a new one, or
    <a href="/account/sign-in">sign in</a>.
  </p>`;
};

export const forgotPage = (csrf: string, errors: FieldErrors = {}): Html =>
  form(
    '/account/password/forgot',
    csrf,
    [{ name: 'email', label: 'Email address', type: 'email', autocomplete: 'email' }],
    'Send a reset link',
    errors,
  );

export const forgotSentPage = (): Html =>
  html`<p class="notice">If an account uses that address, we sent it a link to choose a new password. It works for an hour.</p>`;

export const resetPage = (csrf: string, token: string, errors: FieldErrors = {}): Html =>
  form(
    '/account/password/reset',
    csrf,
    [
      { name: 'token', label: '', type: 'hidden', value: token },
      { name: 'password', label: 'New password (at least 12 characters)', type: 'password', autocomplete: 'new-password' },
      { name: 'confirm', label: 'New password again', type: 'password', autocomplete: 'new-password' },
    ],
    'Set the new password',
    errors,
  );

export const linkExpiredPage = (): Html =>
  html`<p class="notice">This link has expired or was already used. <a href="/account/password/forgot">Ask for a new one</a>.</p>`;

export const resetDonePage = (): Html =>
  html`<p class="notice">Your password is changed and every session was signed out.</p>
    <p><a href="/account/sign-in">Sign in</a></p>`;

export const busyPage = (): Html => html`<p class="notice">Too many people are signing in just now. Try again in a minute.</p>`;

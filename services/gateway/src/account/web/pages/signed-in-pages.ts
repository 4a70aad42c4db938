import type { billing } from '@pds/contracts';
import { html, type Html } from '../html';
import { form, type FieldErrors } from '../forms';
import { number, planNames, pounds, ukDay } from './format';

/** The header's sign-out button: a form, since signing out changes state. */
export const signOutForm = (csrf: string): Html =>
  html`<form method="post" action="/account/sign-out">
    <input type="hidden" name="_csrf" value="${csrf}" /><button type="submit" class="link">Sign out</button>
  </form>`;

/** The overview: the plan and its limits, the credits, the Purchase Balance and the keys, from the ledger's description. */
export const overviewPage = (d: billing.AccountDescription): Html =>
  html`<table>
      <caption>
        Your account
      </caption>
      <tbody>
        <tr>
          <th scope="row">Plan</th>
          <td>${planNames[d.plan]}${d.creditCycle === 'trial' ? ' (trial)' : ''}</td>
        </tr>
        <tr>
          <th scope="row">Credits available</th>
          <td id="credits-available">${number(d.availableCredits)}</td>
        </tr>
        <tr>
          <th scope="row">Credits held</th>
          <td>${number(d.reservedCredits)}</td>
        </tr>
        <tr>
          <th scope="row">Next refresh</th>
          <td>
            ${d.creditsRefreshAt ? ukDay(d.creditsRefreshAt) : d.creditCycle === 'trial' ? 'none: trial credits last until spent' : 'none'}
          </td>
        </tr>
        <tr>
          <th scope="row">Rate limits</th>
          <td>
            ${number(d.rateLimits.perMinute)} a minute, ${number(d.rateLimits.perDay)} a day, ${number(d.rateLimits.perMonth)} a month
          </td>
        </tr>
        <tr>
          <th scope="row">Purchase Balance</th>
          <td>${pounds(d.purchaseBalance.availablePence)}</td>
        </tr>
        <tr>
          <th scope="row">API keys</th>
          <td>${d.keys.active} active${d.keys.inGrace > 0 ? `, ${d.keys.inGrace} in their grace` : ''}</td>
        </tr>
      </tbody>
    </table>
    <ul>
      <li><a href="/account/plan">Your plan</a></li>
      <li><a href="/account/keys">Your API keys</a></li>
      <li><a href="/account/balance">Your Purchase Balance</a></li>
      <li><a href="/account/password">Change your password</a></li>
    </ul>`;

export const unavailablePage = (): Html => html`<p class="notice">We cannot show your account just now. Try again in a moment.</p>`;

export const changePasswordPage = (csrf: string, errors: FieldErrors = {}): Html =>
  form(
    '/account/password',
    csrf,
    [
      { name: 'current', label: 'Current password', type: 'password', autocomplete: 'current-password' },
      { name: 'password', label: 'New password (at least 12 characters)', type: 'password', autocomplete: 'new-password' },
      { name: 'confirm', label: 'New password again', type: 'password', autocomplete: 'new-password' },
    ],
    'Change password',
    errors,
  );

export const passwordChangedPage = (): Html =>
  html`<p class="notice">Your password is changed. Other sessions were signed out.</p>
    <p><a href="/account">Back to your account</a></p>`;

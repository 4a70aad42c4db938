import { billing } from '@pds/contracts';
import type { KeyView } from '../../keys/keys';
import { errorSummary, type FieldErrors } from '../forms';
import { html, type Html } from '../html';
import { ukMinute } from './format';

/** UK time, to the minute: when a key was made, last used, or stops. */
const when = (iso: string | null, none: string): string => (iso ? ukMinute(iso) : none);

const statusText: Record<billing.ApiKeyStatus, string> = {
  active: 'Active',
  rotating: 'Replaced: works until',
  expired: 'Replaced: stopped',
  revoked: 'Revoked',
};

/** How long a replaced key keeps working, to choose from; 24 hours unless chosen. */
export const graceChoices = [
  { hours: 0, label: 'Stop it at once' },
  { hours: 1, label: '1 hour' },
  { hours: 24, label: '24 hours' },
  { hours: 168, label: '7 days' },
] as const;

export interface KeyForms {
  create: string;
  rotate: string;
  revoke: string;
}

const keyActions = (k: KeyView, csrf: KeyForms): Html | false =>
  (k.status === 'active' || k.status === 'rotating') &&
  html`${
      k.status === 'active' &&
      html`<form method="post" action="/account/keys/rotate" class="inline">
        <input type="hidden" name="_csrf" value="${csrf.rotate}" /><input type="hidden" name="keyId" value="${k.keyId}" />
        <label for="grace-${k.keyId}">Old key works for</label>
        <select id="grace-${k.keyId}" name="graceHours">
          ${graceChoices.map((g) => html`<option value="${g.hours}" ${g.hours === 24 ? html`selected` : ''}>${g.label}</option>`)}
        </select>
        <button type="submit">Replace “${k.name}”</button>
      </form>`
    }
    <form method="post" action="/account/keys/revoke" class="inline">
      <input type="hidden" name="_csrf" value="${csrf.revoke}" /><input type="hidden" name="keyId" value="${k.keyId}" />
      <button type="submit" class="danger">Revoke “${k.name}”</button>
    </form>`;

/** The account's keys (never the keys themselves: only their first characters) and the forms that change them. */
export const keysPage = (keys: KeyView[], csrf: KeyForms, errors: FieldErrors = {}, name = ''): Html =>
  html`${errorSummary(errors)}
    <p>
      A key is shown once, when made: keep it in your server's secrets. Replacing a key makes a new one and lets the old one work for the
      time you choose, so your services can switch over. A revoked key is refused from the next call. At most
      ${billing.apiKeysPerAccountMax} keys work at once.
    </p>
    ${
      keys.length === 0
        ? html`<p id="no-keys">You have no keys yet.</p>`
        : html`<table id="keys">
            <caption>
              Your API keys
            </caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Starts</th>
                <th scope="col">Made</th>
                <th scope="col">Last used</th>
                <th scope="col">Status</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              ${keys.map(
                (k) =>
                  html`<tr data-key-id="${k.keyId}">
                    <td>${k.name}</td>
                    <td><code>${k.prefix}…</code></td>
                    <td>${when(k.createdAt, '')}</td>
                    <td>${when(k.lastUsedAt, 'Never')}</td>
                    <td>${statusText[k.status]}${k.status === 'rotating' || k.status === 'expired' ? ` ${when(k.expiresAt, '')}` : ''}</td>
                    <td>${keyActions(k, csrf) || ''}</td>
                  </tr>`,
              )}
            </tbody>
          </table>`
    }
    <h2>Make a key</h2>
    <form method="post" action="/account/keys" novalidate>
      <input type="hidden" name="_csrf" value="${csrf.create}" />
      <label for="name">Name (for you: where it is used)</label>
      ${errors.name && html`<p class="error" id="name-error">${errors.name}</p>`}
      <input
        id="name"
        name="name"
        type="text"
        maxlength="60"
        value="${name}"
        required
        ${errors.name ? html`aria-invalid="true" aria-describedby="name-error"` : ''}
      />
      <button type="submit">Make key</button>
    </form>`;

/** A new key, shown this once. */
export const keyShownPage = (made: { name: string; apiKey: string; replaces?: { expiresAt: string | null } }): Html =>
  html`<p class="notice" role="status">Your new key “${made.name}” is below. Copy it now: it is not stored, and cannot be shown again.</p>
    <p><code id="new-key">${made.apiKey}</code></p>
    <p>Send it in the <code>X-API-Key</code> header of every call.</p>
    ${
      made.replaces &&
      html`<p>
        The key it replaces ${made.replaces.expiresAt ? `works until ${when(made.replaces.expiresAt, '')} (UK time)` : 'has stopped'}.
      </p>`
    }
    <p><a href="/account/keys">Back to your keys</a></p>`;

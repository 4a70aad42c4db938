import { html, type Html } from './html';

/** A field's problem, shown in the summary at the top (linked to the field) and beside the field. */
export type FieldErrors = Record<string, string>;

export interface Field {
  name: string;
  label: string;
  type: 'email' | 'password' | 'text' | 'hidden';
  autocomplete?: string;
  /** The keyboard a phone shows (`numeric` for an amount). */
  inputmode?: 'numeric';
  value?: string;
}

/** The list of problems, linked to their fields, above the form. */
export const errorSummary = (errors: FieldErrors): Html | false =>
  Object.keys(errors).length > 0 &&
  html`<div class="errors" role="alert">
    <h2>There is a problem</h2>
    <ul>
      ${Object.entries(errors).map(([name, message]) => html`<li><a href="#${name}">${message}</a></li>`)}
    </ul>
  </div>`;

/** One labelled field, its problem (if any) between the label and the field, for screen readers too. */
export const input = (f: Field, errors: FieldErrors): Html => {
  if (f.type === 'hidden') return html`<input type="hidden" name="${f.name}" value="${f.value ?? ''}" />`;
  const error = errors[f.name];
  return html`<label for="${f.name}">${f.label}</label>${error && html`<p class="error" id="${f.name}-error">${error}</p>`}<input
      id="${f.name}"
      name="${f.name}"
      type="${f.type}"
      ${f.autocomplete ? html`autocomplete="${f.autocomplete}"` : ''}
      ${f.inputmode ? html`inputmode="${f.inputmode}"` : ''}
      value="${f.type === 'password' ? '' : (f.value ?? '')}"
      ${error ? html`aria-invalid="true" aria-describedby="${f.name}-error"` : ''}
      required
    />`;
};

/** A form posting to `action` with its CSRF token; passwords are never written back into a page. */
export const form = (action: string, csrf: string, fields: Field[], button: string, errors: FieldErrors = {}): Html =>
  html`${errorSummary(errors)}
    <form method="post" action="${action}" novalidate>
      <input type="hidden" name="_csrf" value="${csrf}" />${fields.map((f) => input(f, errors))}<button type="submit">${button}</button>
    </form>`;

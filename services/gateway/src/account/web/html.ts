// HTML built so that nothing a person typed can become markup: every value put into an `html` template is escaped,
// unless it is itself a fragment made by `html` (already markup, its own values escaped when it was made). There is no
// way to turn a string made at run time into a fragment, so markup comes only from template text in the source.
//
// Escaping `& < > " '` (and the backtick, which old browsers took as an attribute quote) makes a value safe in text
// and in a quoted attribute, single or double. It does not make an unquoted attribute safe, nor a URL in `href` whose
// scheme is `javascript:`: quote every attribute, and build links from known paths.

/** A piece of markup made by `html`. Only `html` makes one, so holding one means its values were escaped. */
class HtmlFragment {
  constructor(readonly markup: string) {}

  toString(): string {
    return this.markup;
  }
}

export type Html = HtmlFragment;

/**
 * What a template takes: text and numbers (escaped), fragments (as they are), lists of either (joined without a
 * separator), and `false`, `null` or `undefined` (nothing), so that `${shown && html`…`}` leaves nothing when not shown.
 */
export type HtmlValue = Html | string | number | bigint | false | null | undefined | readonly HtmlValue[];

const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '`': '&#96;' };

/** `text` with every character that means something in HTML written as its character reference. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"'`]/g, (c) => entities[c]!);

const render = (value: HtmlValue): string => {
  if (value instanceof HtmlFragment) return value.markup;
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === false || value === null || value === undefined) return '';
  return escapeHtml(String(value as string | number | bigint));
};

/** The template tag: `html`<p>${name}</p>`` escapes `name` unless it is a fragment. */
export const html = (template: TemplateStringsArray, ...values: readonly HtmlValue[]): Html => {
  // A template's strings come frozen with their raw text; an array built at run time and passed in does not.
  if (!Object.isFrozen(template) || !Array.isArray(template.raw)) throw new Error('html is a template tag: use it as html`…`');
  let markup = template[0]!;
  for (let i = 0; i < values.length; i++) markup += render(values[i]) + template[i + 1]!;
  return new HtmlFragment(markup);
};

/** Whether `value` is a fragment made by `html`. */
export const isHtml = (value: unknown): value is Html => value instanceof HtmlFragment;

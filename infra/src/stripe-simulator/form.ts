// Stripe's v1 request bodies (and GET query strings): `application/x-www-form-urlencoded` with bracket keys, as the
// official package writes them: `line_items[0][price]=price_1&metadata[accountId]=acc_1`, arrays by index, booleans as
// `true`/`false`, numbers as digits, an empty value for null. Decoded here into nested objects and arrays of strings,
// so that the routes read `params.line_items[0].price`; a key that mixes the two forms is refused, as Stripe does.

export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

/** The deepest nesting a key may have (the package's deepest parameter is far shallower). */
const maxDepth = 8;
/** The most entries a body may have. */
const maxEntries = 1_000;

export class FormError extends Error {
  constructor(
    message: string,
    readonly param: string,
  ) {
    super(message);
  }
}

/** `a[b][0]` → ['a', 'b', '0']; null when the key is not of that form. */
const segmentsOf = (key: string): string[] | null => {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match) return null;
  const rest = [...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!);
  return [match[1]!, ...rest];
};

const isIndex = (segment: string) => /^(0|[1-9]\d{0,3})$/.test(segment);

type Tree = { [key: string]: Tree | string };

/** Arrays where every key of a level is an index 0..n-1; objects elsewhere. */
const settle = (tree: Tree | string, param: string): FormValue => {
  if (typeof tree === 'string') return tree;
  const keys = Object.keys(tree);
  const settled = Object.fromEntries(keys.map((k) => [k, settle(tree[k]!, param === '' ? k : `${param}[${k}]`)]));
  const indexes = keys.filter(isIndex);
  if (indexes.length === 0) return settled;
  if (indexes.length !== keys.length) throw new FormError(`Invalid array: ${param} mixes indexes and names`, param);
  const sorted = indexes.map(Number).sort((a, b) => a - b);
  if (sorted.some((n, i) => n !== i)) throw new FormError(`Invalid array: ${param} has a gap in its indexes`, param);
  return sorted.map((n) => settled[String(n)]!);
};

/** Decodes a form body (or query string) into nested values; throws `FormError` naming the parameter it cannot read. */
export const decodeForm = (text: string): FormObject => {
  const root: Tree = {};
  let entries = 0;
  for (const [key, value] of new URLSearchParams(text)) {
    if (++entries > maxEntries) throw new FormError(`Too many parameters (at most ${maxEntries})`, key);
    const segments = segmentsOf(key);
    if (!segments || segments.length > maxDepth) throw new FormError(`Invalid parameter name: ${key}`, key);
    let node = root;
    for (const [i, segment] of segments.entries()) {
      const last = i === segments.length - 1;
      const existing = node[segment];
      if (last) {
        if (existing !== undefined && typeof existing !== 'string') throw new FormError(`Invalid parameter: ${key} is also an object`, key);
        node[segment] = value;
      } else {
        if (typeof existing === 'string') throw new FormError(`Invalid parameter: ${key} is also a value`, key);
        node = (node[segment] = existing ?? {}) as Tree;
      }
    }
  }
  return settle(root, '') as FormObject;
};

/** The same parameters in one canonical text (keys sorted), for comparing two requests whatever their order. */
export const canonicalForm = (value: FormValue): string => {
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalForm).join(',')}]`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalForm(value[k]!)}`).join(',')}}`;
};

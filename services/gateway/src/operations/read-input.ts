import type { Operation, z } from '@pds/contracts';
import { issueDetails } from '../http/issue-details';
import type { Checked, Input, RawInput } from './handler';

// Reads an operation's input with its contract's schemas, in the order a caller should fix things: headers, path,
// query, body. A parameter with its own code (the calculator's `INVALID_VALUE`) is named by that code, the first
// failing one in declaration order; anything else is `INVALID_PARAMETERS` with every failing field in `details`.

type Part = 'headers' | 'params' | 'query' | 'body';
const parts: Part[] = ['headers', 'params', 'query', 'body'];

/** Headers as the schema names them (`Idempotency-Key`), read case-insensitively. */
const headersFor = (schema: z.ZodObject<z.ZodRawShape>, raw: RawInput) =>
  Object.fromEntries(Object.keys(schema.shape).flatMap((name) => (raw.header(name) === undefined ? [] : [[name, raw.header(name)]])));

const valueOf = (part: Part, schema: z.ZodTypeAny, operation: Operation, raw: RawInput): unknown => {
  switch (part) {
    case 'headers':
      return headersFor(schema as z.ZodObject<z.ZodRawShape>, raw);
    case 'params':
      return raw.params;
    case 'query':
      return raw.query;
    case 'body':
      // An absent body is `{}` where the operation allows none; a body that is there but was not JSON is not.
      return raw.body === undefined && !raw.bodyPresent && operation.request.bodyOptional ? {} : raw.body;
  }
};

const refusalFor = (operation: Operation, part: Part, issues: readonly z.core.$ZodIssue[], given: unknown): Checked<never> => {
  for (const [name, error] of Object.entries(operation.parameterErrors ?? {})) {
    const issue = issues.find((i) => i.path[0] === name);
    if (!issue) continue;
    const absent = (given as Record<string, unknown> | undefined)?.[name] === undefined;
    const chosen = absent && error.missing ? error.missing : error;
    return { ok: false, code: chosen.code, message: chosen.message, details: `${name}: ${issue.message}` };
  }
  const root = part === 'body' ? 'body' : part === 'headers' ? 'headers' : part;
  const details =
    given === undefined && part === 'body' ? 'body: expected a JSON object (Content-Type: application/json)' : issueDetails(issues, root);
  return {
    ok: false,
    code: 'INVALID_PARAMETERS',
    message: operation.invalidMessage ?? 'The request is invalid; `details` names each failing field.',
    details,
  };
};

export const readInput = <O extends Operation>(operation: O, raw: RawInput): Checked<Input<O>> => {
  const input: Record<Part, unknown> = { headers: undefined, params: undefined, query: undefined, body: undefined };
  for (const part of parts) {
    const schema = operation.request[part];
    if (!schema) continue;
    const given = valueOf(part, schema, operation, raw);
    const parsed = schema.safeParse(given);
    if (!parsed.success) return refusalFor(operation, part, parsed.error.issues, given);
    input[part] = parsed.data;
  }
  return { ok: true, value: input as unknown as Input<O> };
};

/**
 * A query parameter given to an operation that takes none (a body's, or a path's): refused like any parameter an
 * operation does not take, before anything else is read. Undefined when there is none, or the operation takes a query.
 */
export const strayQuery = (operation: Operation, raw: RawInput): Checked<never> | undefined => {
  if (operation.request.query) return undefined;
  const names = Object.keys((raw.query ?? {}) as Record<string, unknown>);
  if (names.length === 0) return undefined;
  return {
    ok: false,
    code: 'INVALID_PARAMETERS',
    message: 'This operation takes no query parameters; nothing was charged.',
    details: names.map((name) => `${name}: not allowed`).join('; '),
  };
};

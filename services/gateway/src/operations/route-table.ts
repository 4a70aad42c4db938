import { operations, type Operation, type UnauthenticatedCode } from '@pds/contracts';

// The route table (`operations` in the contracts) compiled once into shapes by segment count: a request's path is split
// into segments and compared, segment by segment, with the few declared paths of as many segments, rather than every
// route's pattern tried in turn as a regular expression.
// Matching is as express's was: literal segments regardless of case, one trailing slash allowed, each `{name}`
// segment non-empty and percent-decoded.

export const apiPrefix = '/api/v1';

/** The operations declared on one path, by method. */
export interface RoutedPath {
  /** OpenAPI form, under `/api/v1`. */
  path: string;
  byMethod: ReadonlyMap<string, Operation>;
  /** The methods it answers, for `Allow`. */
  allow: string;
  /** What a request without a valid key is answered (the specification names it per operation). */
  unauthenticatedCode: UnauthenticatedCode;
}

export type PathMatch = { found: true; route: RoutedPath; params: Record<string, string> } | { found: false; undecodable?: true };

interface Shape {
  /** `undefined` where the segment is a parameter. */
  literals: Array<string | undefined>;
  names: string[];
  route: RoutedPath;
}

const paramPattern = /^\{([A-Za-z0-9_]+)\}$/;

/** The shape's key: its literal segments lower-cased, `{}` for a parameter. */
const keyOf = (segments: ReadonlyArray<string | undefined>) => segments.map((s) => (s === undefined ? '{}' : s)).join('/');

export class RouteTable {
  readonly routes: readonly RoutedPath[];
  /** Each shape by its key, to refuse at start two declarations that no path could tell apart. */
  private readonly shapes = new Map<string, Shape>();
  /** How many segments a path of each shape has: a request's path is tried against each (few) count's shapes. */
  private readonly bySegments = new Map<number, Shape[]>();

  constructor(declared: readonly Operation[] = Object.values(operations) as Operation[]) {
    const byPath = new Map<string, Operation[]>();
    for (const operation of declared) byPath.set(operation.path, [...(byPath.get(operation.path) ?? []), operation]);
    this.routes = [...byPath].map(([path, ops]) => ({
      path,
      byMethod: new Map(ops.map((o) => [o.method.toUpperCase(), o])),
      allow: ops.map((o) => o.method.toUpperCase()).join(', '),
      unauthenticatedCode: ops[0]?.unauthenticatedCode ?? 'UNAUTHORIZED',
    }));
    for (const route of this.routes) {
      const segments = route.path.split('/').slice(1);
      const names = segments.flatMap((s) => paramPattern.exec(s)?.slice(1, 2) ?? []);
      const literals = segments.map((s) => (paramPattern.test(s) ? undefined : s.toLowerCase()));
      const key = keyOf(literals);
      if (this.shapes.has(key)) throw new Error(`${route.path} cannot be told from ${this.shapes.get(key)!.route.path}`);
      const shape = { literals, names, route };
      this.shapes.set(key, shape);
      this.bySegments.set(segments.length, [...(this.bySegments.get(segments.length) ?? []), shape]);
    }
  }

  /** The declared path a request's path (relative to `/api/v1`, still percent-encoded) reaches, and its parameters. */
  match(relative: string): PathMatch {
    const trimmed = relative.length > 1 && relative.endsWith('/') ? relative.slice(0, -1) : relative;
    if (!trimmed.startsWith('/')) return { found: false };
    const segments = trimmed.split('/').slice(1);
    const shapes = this.bySegments.get(segments.length);
    if (!shapes) return { found: false };
    const lower = segments.map((s) => s.toLowerCase());
    for (const shape of shapes) {
      if (!shape.literals.every((literal, i) => (literal === undefined ? lower[i] !== '' : literal === lower[i]))) continue;
      const params: Record<string, string> = {};
      let p = 0;
      for (let i = 0; i < segments.length; i++) {
        if (shape.literals[i] !== undefined) continue;
        try {
          params[shape.names[p++]!] = decodeURIComponent(segments[i]!);
        } catch {
          return { found: false, undecodable: true };
        }
      }
      return { found: true, route: shape.route, params };
    }
    return { found: false };
  }
}

/** The path under `/api/v1` (as express mounted it: regardless of case), or undefined for a path outside it. */
export const underApi = (pathname: string): string | undefined => {
  if (pathname.length < apiPrefix.length || pathname.slice(0, apiPrefix.length).toLowerCase() !== apiPrefix) return undefined;
  const rest = pathname.slice(apiPrefix.length);
  if (rest === '') return '/';
  return rest.startsWith('/') ? rest : undefined;
};

import type { Operation } from '@pds/contracts';
import { RouteTable, underApi } from './route-table';

// Matching as express matched the same declarations before (its router: literal segments regardless of case, one
// trailing slash, non-empty parameters, percent-decoded; the first declaration that fits wins).

const declared = (operationId: string, method: Operation['method'], path: string, extra: Partial<Operation> = {}) =>
  ({ operationId, method, path, ...extra }) as Operation;

const table = new RouteTable([
  declared('calculator', 'get', '/property/renovation-uplift-calculator'),
  declared('availability', 'get', '/land-registry/titles/{titleNumber}'),
  declared('status', 'get', '/land-registry/title-orders/{orderId}'),
  declared('order', 'post', '/land-registry/title-orders'),
  declared('comparables', 'get', '/property/sold-comparables', { unauthenticatedCode: 'AUTHENTICATION_REQUIRED' }),
  declared('match', 'post', '/land-registry/title-matches'),
  declared('matchAgain', 'get', '/land-registry/title-matches'),
  declared('document', 'get', '/openapi.json', { public: true }),
  declared('hook', 'delete', '/webhooks/{webhookId}'),
]);

const found = (relative: string) => {
  const m = table.match(relative);
  return m.found ? { path: m.route.path, params: m.params } : m;
};

describe('the route table', () => {
  it('finds a literal path, regardless of case and with one trailing slash', () => {
    const calculator = { path: '/property/renovation-uplift-calculator', params: {} };
    expect(found('/property/renovation-uplift-calculator')).toEqual(calculator);
    expect(found('/Property/Renovation-Uplift-Calculator')).toEqual(calculator);
    expect(found('/property/renovation-uplift-calculator/')).toEqual(calculator);
    expect(found('/property/renovation-uplift-calculator//')).toEqual({ found: false });
    expect(found('/property//renovation-uplift-calculator')).toEqual({ found: false });
    expect(found('/property/renovation-uplift')).toEqual({ found: false });
    expect(found('/')).toEqual({ found: false });
  });

  it('decodes parameters, keeping their case; an empty one is no match, an undecodable one says so', () => {
    expect(found('/land-registry/titles/bk509231')).toEqual({
      path: '/land-registry/titles/{titleNumber}',
      params: { titleNumber: 'bk509231' },
    });
    expect(found('/LAND-REGISTRY/titles/BK%20509%2F231/')).toEqual({
      path: '/land-registry/titles/{titleNumber}',
      params: { titleNumber: 'BK 509/231' },
    });
    expect(found('/land-registry/titles/')).toEqual({ found: false });
    expect(found('/land-registry/titles/%E0%A4%A')).toEqual({ found: false, undecodable: true });
    expect(found('/land-registry/titles/100%')).toEqual({ found: false, undecodable: true });
  });

  it("tells a path's methods apart, with Allow in declaration order and each path's 401 code", () => {
    const matches = table.routes.find((r) => r.path === '/land-registry/title-matches')!;
    expect([...matches.byMethod.keys()]).toEqual(['POST', 'GET']);
    expect(matches.allow).toBe('POST, GET');
    expect(matches.unauthenticatedCode).toBe('UNAUTHORIZED');
    expect(table.routes.find((r) => r.path === '/property/sold-comparables')!.unauthenticatedCode).toBe('AUTHENTICATION_REQUIRED');
    expect(found('/land-registry/title-orders')).toEqual({ path: '/land-registry/title-orders', params: {} });
    expect(found('/land-registry/title-orders/ord_1')).toEqual({
      path: '/land-registry/title-orders/{orderId}',
      params: { orderId: 'ord_1' },
    });
  });

  it('routes DELETE as any other method', () => {
    const hook = table.routes.find((r) => r.path === '/webhooks/{webhookId}')!;
    expect(hook.allow).toBe('DELETE');
    expect(hook.byMethod.get('DELETE')?.operationId).toBe('hook');
    expect(found('/webhooks/wh_1')).toEqual({ path: '/webhooks/{webhookId}', params: { webhookId: 'wh_1' } });
  });

  it('refuses two declarations that no path could tell apart', () => {
    expect(() => new RouteTable([declared('a', 'get', '/orders/{id}'), declared('b', 'post', '/Orders/{orderId}')])).toThrow(
      '/Orders/{orderId} cannot be told from /orders/{id}',
    );
  });
});

describe('the API prefix', () => {
  it('is /api/v1 regardless of case, followed by a path or nothing', () => {
    expect(underApi('/api/v1/property/renovation-uplift-calculator')).toBe('/property/renovation-uplift-calculator');
    expect(underApi('/API/V1/openapi.json')).toBe('/openapi.json');
    expect(underApi('/api/v1')).toBe('/');
    expect(underApi('/api/v1/')).toBe('/');
    expect(underApi('/api/v10/openapi.json')).toBeUndefined();
    expect(underApi('/api/v')).toBeUndefined();
    expect(underApi('/healthz')).toBeUndefined();
    expect(underApi('/docs/api/v1')).toBeUndefined();
  });
});

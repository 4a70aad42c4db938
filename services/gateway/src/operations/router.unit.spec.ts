import { expressPath, openApiDocument, operations, type Operation } from '@pds/contracts';
import { handlers } from './handlers';
import { RouteTable } from './route-table';

// The route table is the only place an operation is declared: what the gateway routes and what the OpenAPI document
// describes are both generated from it, so they must be the same set, under the specification's operation ids.

const routed = (table: RouteTable) =>
  table.routes.flatMap((route) => [...route.byMethod.keys()].map((method) => `${method} ${expressPath(route.path)}`));

const documented = () => {
  const doc = openApiDocument() as unknown as { paths: Record<string, Record<string, { operationId: string }>> };
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      route: `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`,
      operationId: op.operationId,
    })),
  );
};

// The specification's operations so far, as it gives them (method, path under /api/v1, operationId).
const fromTheSpecification = [
  ['POST /land-registry/title-matches', 'land_registry_title_lookup'],
  ['GET /land-registry/titles/:titleNumber', 'land_registry_document_availability'],
  ['POST /land-registry/test-register-extraction', 'land_registry_test_register_extraction'],
  ['POST /land-registry/title-orders', 'land_registry_official_copy_order'],
  ['GET /land-registry/title-orders/:orderId', 'land_registry_order_status'],
  ['GET /property/renovation-uplift-calculator', 'renovation_uplift_calculator'],
];

describe('the route table', () => {
  const routes = routed(new RouteTable());

  it('routes exactly the operations the OpenAPI document describes', () => {
    expect(routes.sort()).toEqual(
      documented()
        .map((d) => d.route)
        .sort(),
    );
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('keys each operation by its own operationId, and the document uses them', () => {
    for (const [key, operation] of Object.entries(operations)) expect(operation.operationId).toBe(key);
    expect(
      documented()
        .map((d) => d.operationId)
        .sort(),
    ).toEqual(Object.keys(operations).sort());
    expect(Object.keys(handlers).sort()).toEqual(
      Object.keys(operations)
        .filter((id) => !(operations[id as keyof typeof operations] as Operation).public)
        .sort(),
    );
  });

  it.each(fromTheSpecification)('has %s as %s', (route, operationId) => {
    expect(documented()).toContainEqual({ route, operationId });
  });

  it("documents each operation's credit cost as the specification gives it", () => {
    const credits = (id: keyof typeof operations) => (operations[id] as Operation).cost;
    expect(credits('renovation_uplift_calculator')).toEqual({ kind: 'per_call', credits: 1, charging: 'on_answer' });
    expect(credits('land_registry_title_lookup')).toEqual({ kind: 'per_call', credits: 25, charging: 'reserve_first' });
    expect(credits('land_registry_document_availability')).toEqual({ kind: 'per_call', credits: 25, charging: 'reserve_first' });
    expect(credits('land_registry_order_status')).toEqual({ kind: 'free' });
    expect(credits('land_registry_test_register_extraction')).toEqual({ kind: 'free' });
    expect(credits('land_registry_official_copy_order')).toEqual({ kind: 'per_order' });
  });
});

import { readModels, serviceNames, type readModels as ReadModelsNs } from '@pds/contracts';
import { migrationFiles } from '@pds/infra';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

// The rule of docs/data-ownership.md, checked over the source: each service creates and alters only its own tables,
// in its own migrations; in SQL it names only its own tables, the event store's (the shared runtime every service
// embeds), and the read-model contracts it is declared a reader of. Anything else it asks for over Kafka.

const repoRoot = join(__dirname, '..', '..');
const runtime = 'service-runtime';

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.spec.ts') ? [path] : [];
  });

/** Tables and views by owner, from the CREATE statements of each owner's migrations. */
const created = () => {
  const owners = new Map<string, string>();
  for (const file of migrationFiles()) {
    const sql = readFileSync(file.path, 'utf8');
    for (const [, name] of sql.matchAll(/CREATE (?:TABLE|VIEW)(?: IF NOT EXISTS)? ([a-z_]+)/g)) owners.set(name!, file.owner);
  }
  return owners;
};

/** Relations a piece of source names in SQL: literally, or through a read-model contract's `relation`. */
const relationsNamed = (source: string) => {
  const literal = [...source.matchAll(/\b(?:FROM|JOIN|INTO|UPDATE|TABLE)\s+([a-z_]+)\b/g)].map((m) => m[1]!);
  const contracts = [...source.matchAll(/(\w+)\.relation\b/g)].map((m) => m[1]!);
  return { literal, contracts };
};

/** The published query functions of the read models (`defineQueries`), by the name they are exported as. */
const queryFunctions = new Map(
  Object.entries(readModels).flatMap(([name, value]) =>
    typeof value === 'object' && value !== null && 'reads' in value ? [[name, (value as { reads: readonly ReadModel[] }).reads]] : [],
  ),
);
/** The read models a piece of source reads through published query functions (and the callers' join). */
const readThroughQueries = (source: string): ReadModel[] => [
  ...[...source.matchAll(/\b(\w+Queries)\b/g)].flatMap((m) => queryFunctions.get(m[1]!) ?? []),
  ...(/\bcallersOfAskedKeys\b/.test(source) ? [readModels.apiCallers] : []),
];

type ReadModel = ReadModelsNs.ReadModel;

describe('data ownership', () => {
  const owners = created();

  it('finds every table of the migrations owned by exactly one owner', () => {
    expect(owners.get('events')).toBe(runtime);
    expect(owners.get('account_balances')).toBe('billing-ledger');
    expect(owners.get('rate_limit_admissions')).toBe('gateway');
    expect(owners.get('title_orders')).toBe('land-registry-orders');
  });

  it('alters only tables its own migrations created', () => {
    for (const file of migrationFiles()) {
      const sql = readFileSync(file.path, 'utf8');
      for (const [, table] of sql.matchAll(/ALTER TABLE ([a-z_]+)/g))
        expect(`${file.owner} alters ${table}: ${owners.get(table!)}`).toBe(`${file.owner} alters ${table}: ${file.owner}`);
    }
  });

  it('declares each read model as a view its owner creates', () => {
    for (const model of readModels.readModels)
      expect(`${model.relation}: ${owners.get(model.relation)}`).toBe(`${model.relation}: ${model.owner}`);
  });

  it.each(serviceNames.map((s) => [s]))('%s names in SQL only its tables, the event store and the read models it reads', (service) => {
    const byName = new Map(
      Object.entries(readModels).flatMap(([name, value]) =>
        typeof value === 'object' && value && 'relation' in value ? [[name, value]] : [],
      ),
    );
    for (const file of sourceFiles(join(repoRoot, 'services', service, 'src'))) {
      const { literal, contracts } = relationsNamed(readFileSync(file, 'utf8'));
      for (const relation of literal) {
        const owner = owners.get(relation);
        if (owner === undefined) continue; // not a table of ours (a word after FROM in a comment, pg_catalog)
        expect(`${file}: ${relation} (${owner})`).toMatch(new RegExp(`\\((${service}|${runtime})\\)$`));
      }
      const models = [
        ...contracts.flatMap((name) => (byName.get(name) as ReadModel | undefined) ?? []),
        ...readThroughQueries(readFileSync(file, 'utf8')),
      ];
      for (const model of models)
        expect(
          `${file}: reads ${model.relation} as ${model.readers.includes(service) || model.owner === service ? 'a declared reader' : 'a stranger'}`,
        ).toMatch(/a declared reader$/);
    }
  });

  it("finds the gateway reading other services' data through their published query functions only", () => {
    const files = sourceFiles(join(repoRoot, 'services', 'gateway', 'src'));
    const gateway = files.map((f) => readFileSync(f, 'utf8')).join('\n');
    for (const table of ['api_keys', 'account_balances', 'title_orders', 'title_order_documents', 'addresses', 'ppd_sales'])
      expect(relationsNamed(gateway).literal).not.toContain(table);
    // No view of another service's is named at all: every read goes through the owner's query functions.
    expect(relationsNamed(gateway).contracts).toEqual([]);
    expect(readThroughQueries(gateway).map((m) => m.relation)).toEqual(
      expect.arrayContaining(['api_callers', 'title_order_views', 'dataset_versions_serving', 'addresses']),
    );
  });

  it('publishes each query function set with the read models it reads', () => {
    expect(queryFunctions.size).toBeGreaterThan(4);
    for (const [name, reads] of queryFunctions) expect(`${name}: ${reads.length > 0}`).toBe(`${name}: true`);
  });
});

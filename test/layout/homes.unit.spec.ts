import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

// One home for each kind of code (../shared/STYLE.md, "Where code lives"): the location service holds facts, the
// analysis service holds judgements, the gateway is the edge (key, limits, input, charging, envelope), and no service
// ships the demo region's generators. Read from the sources, so that a rule put in the wrong home fails here.

const repoRoot = join(__dirname, '..', '..');

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.spec.ts') ? [path] : [];
  });
const serviceSources = (service: string) => sourceFiles(join(repoRoot, 'services', service, 'src'));
const shown = (file: string) => relative(repoRoot, file);
const importsOf = (file: string) => [...readFileSync(file, 'utf8').matchAll(/from '([^']+)'/g)].map((m) => m[1]!);

describe('the gateway is the edge', () => {
  const files = serviceSources('gateway');

  it("imports no service's code and no domain library, only the contracts, the runtime, the ledger's client and (for the dashboard's statements and charts) the PDF renderer", () => {
    const packages = files.flatMap((f) =>
      importsOf(f)
        .filter((i) => i.startsWith('@pds/'))
        .map((i) => `${shown(f)}: ${i}`),
    );
    expect(packages.length).toBeGreaterThan(0);
    // The renderer is presentation (layout, fonts, charts), no judgement: the dashboard draws a customer's own figures with it.
    for (const found of packages)
      expect(found).toMatch(/: @pds\/(contracts|service-runtime|ledger-client)$|^services\/gateway\/src\/account\/.*: @pds\/report-pdf$/);
  });

  it('queries the database only for its own tables: the callers of the keys joined with its admissions, its limits, its health, its webhooks, its customers, its call counts, its checkouts, its mail limits, its idempotency keys', () => {
    const querying = files.filter((f) => /\.query[<(]/.test(readFileSync(f, 'utf8'))).map(shown);
    expect(querying.sort()).toEqual([
      'services/gateway/src/account/identity/journeys.ts',
      'services/gateway/src/account/identity/one-time-tokens.ts',
      'services/gateway/src/account/identity/sessions.ts',
      'services/gateway/src/account/identity/sign-in-limits.ts',
      'services/gateway/src/account/identity/sweep.ts',
      'services/gateway/src/account/mail/mail-limits.ts',
      'services/gateway/src/account/payments/checkouts.ts',
      'services/gateway/src/account/usage/call-counts.ts',
      'services/gateway/src/auth/api-keys.ts',
      'services/gateway/src/idempotency/claims.ts',
      'services/gateway/src/rate-limits/rate-limiter.ts',
      'services/gateway/src/read-models/customers.ts',
      'services/gateway/src/routes/health.ts',
      'services/gateway/src/webhooks/delivery-history.ts',
      'services/gateway/src/webhooks/outbox.ts',
      'services/gateway/src/webhooks/registrations.ts',
    ]);
  });

  it('holds no rule that cites legislation: such a rule is a judgement, and lives in the analysis service', () => {
    for (const file of files)
      expect(`${shown(file)}: ${/\bRegulations\b|\bAct (?:19|20)\d\d\b/.test(readFileSync(file, 'utf8'))}`).toMatch(/false$/);
  });

  it("answers each operation with one command to its owner or one published read: no handler asks another's", () => {
    const routes = files.filter((f) => f.includes('/routes/'));
    for (const file of routes) {
      const source = readFileSync(file, 'utf8');
      const handlersImported = [...source.matchAll(/import \{([^}]*)\} from '\.[^']*'/g)].flatMap(
        (m) => m[1]!.match(/\w+Handler\b/g) ?? [],
      );
      expect(`${shown(file)}: ${handlersImported.join(', ')}`).toBe(`${shown(file)}: `);
    }
  });
});

describe('facts and judgements', () => {
  // The judgements of the Property Analysis and Due Diligence groups, and where each lives.
  const judgements = ['valuation', 'comparables', 'compliance', 'profile', 'price-analysis', 'purchase-tax', 'renovation-uplift'];

  it.each(judgements.map((j) => [j]))('%s is the analysis service’s, and no other service has it', (judgement) => {
    expect(existsSync(join(repoRoot, 'services', 'analysis', 'src', judgement))).toBe(true);
    for (const service of ['gateway', 'location', 'land-registry-orders', 'billing-ledger'])
      expect(`${service}: ${existsSync(join(repoRoot, 'services', service, 'src', judgement))}`).toBe(`${service}: false`);
  });

  // Its own tables are its reports' (the only state a judgement keeps: a report is a job, with its answers and its
  // document); every other table it reads is another service's, through that service's published query functions.
  const reportTables = new Set(['reports', 'report_sections', 'report_logos', 'report_documents']);

  it("has the analysis service read the location service's data only through published query functions, never by its tables", () => {
    for (const file of serviceSources('analysis')) {
      const source = readFileSync(file, 'utf8');
      const named = [...source.matchAll(/\b(?:FROM|JOIN|INTO)\s+([a-z_]+)\b/g)].map((m) => m[1]!).filter((t) => !reportTables.has(t));
      expect(`${shown(file)}: ${named.join(', ') || /\.relation\b/.test(source)}`).toMatch(/false$/);
      for (const imported of importsOf(file).filter((i) => i.startsWith('@pds/')))
        expect(`${shown(file)}: ${imported}`).toMatch(/: @pds\/(contracts|service-runtime|ledger-client|report-pdf)$/);
    }
  });
});

describe('the demo region', () => {
  it('is generated by infra/demo-data, and no service ships a generator or imports one', () => {
    expect(existsSync(join(repoRoot, 'infra', 'demo-data', 'src'))).toBe(true);
    for (const service of ['gateway', 'billing-ledger', 'land-registry-orders', 'analysis', 'location']) {
      const dirs = (dir: string): string[] =>
        readdirSync(dir).flatMap((n) => (statSync(join(dir, n)).isDirectory() ? [join(dir, n), ...dirs(join(dir, n))] : []));
      expect(
        dirs(join(repoRoot, 'services', service, 'src'))
          .filter((d) => /\/demo(-data)?$/.test(d))
          .map(shown),
      ).toEqual([]);
      for (const file of serviceSources(service))
        expect(`${shown(file)}: ${importsOf(file).some((i) => i.includes('demo-data') || i.includes('/demo/'))}`).toMatch(/false$/);
    }
  });
});

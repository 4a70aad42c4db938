import { serviceNames } from '@pds/contracts';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

// infra starts the services as processes and must never import one: what it shares with a service (the land register,
// the registry's protocol) lives in a library under libs/. This reads the sources and the manifest, so a new import of
// a service fails here, before it becomes a build cycle or a service's internals leaking into the test environment.

const infraRoot = join(__dirname, '..');
const repoRoot = join(infraRoot, '..');

// The services' package names as their own manifests give them, for every service the stack runs.
const servicePackages = serviceNames.map((service) => {
  const manifest = JSON.parse(readFileSync(join(repoRoot, 'services', service, 'package.json'), 'utf8')) as { name: string };
  return manifest.name;
});

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
// A package named as a whole (`@scope/name` or `@scope/name/sub/path`), not as the start of a longer name.
const packagePattern = new RegExp(`(${servicePackages.map(escape).join('|')})(?![\\w.-])`, 'g');
// A relative import that climbs into a service's folder, e.g. '../../services/<service>/src/...'.
const relativePattern = new RegExp(`['"](?:\\.\\./)+services/(${serviceNames.map(escape).join('|')})(?:/[^'"]*)?['"]`, 'g');

/** Every service named in the text: as a package, or as a relative path into its folder. */
const servicesNamedIn = (text: string): string[] => [
  ...[...text.matchAll(packagePattern)].map((m) => m[1]!),
  ...[...text.matchAll(relativePattern)].map((m) => `services/${m[1]!}`),
];

const typeScriptFilesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return typeScriptFilesUnder(path);
    return entry.isFile() && entry.name.endsWith('.ts') ? [path] : [];
  });

describe('infra imports no service', () => {
  it('knows the service packages by their manifests', () => {
    // Spelt with the scope apart, so that this file passes its own scan and `grep "@pds/<service>" infra` finds nothing.
    const expected = ['gateway', 'billing-ledger', 'land-registry-orders', 'analysis', 'location'].map((service) => `@pds/${service}`);
    expect(servicePackages).toEqual(expected);
  });

  it('recognises a service named as a package or reached by a relative path, and nothing else', () => {
    const [first] = servicePackages;
    expect(servicesNamedIn(`import { x } from '${first!}';`)).toEqual([first]);
    expect(servicesNamedIn(`import type { y } from '${first!}/dist/y';`)).toEqual([first]);
    expect(servicesNamedIn(`const z = require('../../services/${serviceNames[2]}/src/z');`)).toEqual([`services/${serviceNames[2]}`]);
    expect(servicesNamedIn(`import { a } from '@pds/service-runtime'; import { b } from '@pds/land-register';`)).toEqual([]);
    expect(servicesNamedIn(`join(repoRoot, 'services', service, 'dist', 'main.js')`)).toEqual([]);
  });

  it('names no service in any TypeScript file under infra/src', () => {
    const files = typeScriptFilesUnder(join(infraRoot, 'src'));
    expect(files.length).toBeGreaterThan(30);
    const named = files
      .map((file) => ({ file: relative(repoRoot, file), services: servicesNamedIn(readFileSync(file, 'utf8')) }))
      .filter((f) => f.services.length > 0);
    expect(named).toEqual([]);
  });

  it('lists no service among the dependencies in infra/package.json', () => {
    const manifest = JSON.parse(readFileSync(join(infraRoot, 'package.json'), 'utf8')) as Record<string, unknown>;
    const sections = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'] as const;
    const listed = sections.flatMap((section) => Object.keys((manifest[section] as Record<string, string> | undefined) ?? {}));
    expect(listed).toContain('@pds/land-register');
    expect(listed.filter((name) => servicePackages.includes(name))).toEqual([]);
    expect(servicesNamedIn(JSON.stringify(manifest))).toEqual([]);
  });

  it('builds no service with infra (no project reference into services/<service>)', () => {
    const tsconfig = JSON.parse(readFileSync(join(infraRoot, 'tsconfig.json'), 'utf8')) as { references?: { path: string }[] };
    const referenced = (tsconfig.references ?? []).map((r) => relative(repoRoot, join(infraRoot, r.path)));
    expect(referenced).toContain(join('libs', 'land-register'));
    expect(referenced.filter((path) => serviceNames.some((service) => path === join('services', service)))).toEqual([]);
  });
});

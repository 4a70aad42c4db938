import { execFileSync, spawn } from 'node:child_process';
import { cpSync, createWriteStream, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { aptGetInstall } from '../apt';
import { repoRoot } from '../stack';
import { digest, filesUnder, repositoryFiles } from './content-hash';
import { asRoot, debootstrapInstalled, docker, imageExists } from './docker';

/** The images the stack runs in containers, by role; each is tagged `:<content digest>` and `:local`. */
export const imageNames = {
  base: 'pds/base',
  kafka: 'pds/kafka',
  postgres: 'pds/postgres',
  service: 'pds/service',
  nodeBuild: 'pds/node-build',
} as const;
export type ImageRole = keyof typeof imageNames;

/** The tag every consumer uses (docker-compose.yml, test/platform): the last images built here. */
export const localTag = 'local';
export const localImage = (role: ImageRole) => `${imageNames[role]}:${localTag}`;

const definitions = join(repoRoot, 'infra', 'images');
const suite = 'bookworm';
const mirror = process.env.DEBIAN_MIRROR ?? 'http://deb.debian.org/debian';

/**
 * What the base's root filesystem gets after debootstrap: the updates and security suites, no recommended packages,
 * no documentation or translations in anything installed later (their directories kept), and no package caches.
 */
const baseTweaks = `
cat > etc/apt/sources.list <<SOURCES
deb ${mirror} ${suite} main
deb ${mirror} ${suite}-updates main
deb ${mirror.replace(/\/debian\/?$/, '/debian-security')} ${suite}-security main
SOURCES
printf 'APT::Install-Recommends "false";\\nAPT::Install-Suggests "false";\\n' > etc/apt/apt.conf.d/90pds-no-recommends
printf 'path-exclude /usr/share/doc/*\\npath-exclude /usr/share/man/*\\npath-exclude /usr/share/info/*\\npath-exclude /usr/share/locale/*\\npath-include /usr/share/locale/locale.alias\\n' > etc/dpkg/dpkg.cfg.d/90pds-excludes
rm -rf var/cache/apt/archives/*.deb var/cache/apt/*.bin var/lib/apt/lists/* usr/share/doc/* usr/share/man/* usr/share/info/*
find usr/share/locale -mindepth 1 -maxdepth 1 ! -name locale.alias -exec rm -rf {} +
# Java's post-install links its manual page here (update-alternatives fails without the directory).
mkdir -p usr/share/man/man1
`;

export interface BuiltImage {
  role: ImageRole;
  ref: string;
  /** False when an image of the same content was already here. */
  built: boolean;
  seconds: number;
  sizeMb: number;
}

type Log = (line: string) => void;

const sizeMb = async (ref: string) => Math.round(Number(await docker(['image', 'inspect', '--format', '{{.Size}}', ref])) / 1e6);

/** Runs a command with its output appended to `logFile`; rejects with the log's last lines. */
const runLogged = (command: string, args: string[], logFile: string, options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) =>
  new Promise<void>((resolve, reject) => {
    const log = createWriteStream(logFile, { flags: 'a' });
    log.write(`\n$ ${command} ${args.join(' ')}\n`);
    const child = spawn(command, args, { cwd: options.cwd, env: { ...process.env, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    child.once('error', reject);
    child.once('close', (code) => {
      log.end(() => {
        if (code === 0) return resolve();
        const tail = readFileSync(logFile, 'utf8').trimEnd().split('\n').slice(-25).join('\n');
        reject(new Error(`${command} ${args[0]} failed (exit ${code}); last lines of ${logFile}:\n${tail}`));
      });
    });
  });

/**
 * Untags this role's images of older content (their layers go with them unless a newer image shares them), so that
 * every change to the code does not leave a service image behind. One still used by a container stays.
 */
const removeOlderBuilds = async (role: ImageRole, current: string) => {
  const refs = (await docker(['image', 'ls', imageNames[role], '--format', '{{.Repository}}:{{.Tag}}'])).split('\n').filter(Boolean);
  for (const ref of refs.filter((r) => r !== current && r !== localImage(role))) await docker(['image', 'rm', ref]).catch(() => undefined);
};

/** Builds one image unless one of the same content is here already; either way it is tagged `:local` too. */
const ensureImage = async (role: ImageRole, content: string, make: (ref: string) => Promise<void>, log: Log): Promise<BuiltImage> => {
  const ref = `${imageNames[role]}:${content}`;
  const started = Date.now();
  const present = await imageExists(ref);
  if (!present) {
    log(`building ${ref}...`);
    await make(ref);
  }
  await docker(['tag', ref, localImage(role)]);
  await removeOlderBuilds(role, ref);
  const image = { role, ref, built: !present, seconds: (Date.now() - started) / 1000, sizeMb: await sizeMb(ref) };
  log(`${ref} ${present ? 'already built' : `built in ${image.seconds.toFixed(0)} s`} (${image.sizeMb} MB), tagged ${localImage(role)}`);
  return image;
};

const dockerBuild = (ref: string, context: string, logFile: string, buildArgs: Record<string, string>, dockerfile?: string) =>
  runLogged(
    'docker',
    [
      'build',
      '--force-rm', // a failed step's container is removed too
      '--tag',
      ref,
      '--label',
      'org.opencontainers.image.source=property-data-service',
      ...Object.entries(buildArgs).flatMap(([name, value]) => ['--build-arg', `${name}=${value}`]),
      ...(dockerfile ? ['--file', dockerfile] : []),
      context,
    ],
    logFile,
    { env: { DOCKER_BUILDKIT: '0' } },
  );

/** Debian bookworm (minbase) from Debian's own packages, imported as an image: no registry needed. */
const buildBase = async (ref: string, workDir: string, logFile: string, log: Log) => {
  if (!debootstrapInstalled()) aptGetInstall(['debootstrap'], log);
  const rootfs = join(workDir, 'rootfs');
  try {
    await runLogged(...asRoot(['debootstrap', '--variant=minbase', suite, rootfs, mirror]), logFile);
    await runLogged(...asRoot(['sh', '-ec', baseTweaks]), logFile, { cwd: rootfs });
    const tar = asRoot(['tar', '-C', rootfs, '-c', '.']);
    await runLogged(
      'sh',
      ['-ec', `${[tar[0], ...tar[1]].join(' ')} | docker import -c 'ENV LANG=C.UTF-8' -c 'CMD ["bash"]' - ${ref}`],
      logFile,
    );
  } finally {
    // Root's files (debootstrap ran as root): removed as root.
    await runLogged(...asRoot(['rm', '-rf', rootfs]), logFile);
  }
};

const npmRoot = () => realpathSync(join(execFileSync('npm', ['root', '-g']).toString().trim(), 'npm'));
const hostCaBundle = () => {
  for (const path of ['/etc/ssl/certs/ca-certificates.crt', '/etc/pki/tls/certs/ca-bundle.crt']) {
    try {
      return readFileSync(path);
    } catch {
      // next
    }
  }
  return Buffer.from('');
};

/** Left out of the service image's build context by .dockerignore (what git ignores is left out of both). */
const notInServiceImage = (path: string) => path.startsWith('test/');

/**
 * Builds every image the containerised stack needs, each only when its content changed (a second run with nothing
 * changed takes seconds): the base, Kafka, PostgreSQL with PostGIS, the Node.js build stage and the service image.
 */
export const buildImages = async (log: Log): Promise<BuiltImage[]> => {
  const workDir = mkdtempSync(join(process.env.TMPDIR ?? '/var/tmp', 'pds-images-'));
  const logDir = join(repoRoot, '.run', 'images');
  mkdirSync(logDir, { recursive: true });
  const logFile = (role: ImageRole) => join(logDir, `${role}.log`);
  try {
    const built: BuiltImage[] = [];
    const base = await ensureImage(
      'base',
      digest([suite, mirror, baseTweaks]),
      (ref) => buildBase(ref, workDir, logFile('base'), log),
      log,
    );
    built.push(base);

    execFileSync(join(repoRoot, 'infra', 'kafka', 'kafka.sh'), ['fetch'], { stdio: ['ignore', 'ignore', 'inherit'] });
    const kafkaDir = join(definitions, 'kafka');
    const pom = readFileSync(join(repoRoot, 'infra', 'kafka', 'pom.xml'));
    built.push(
      await ensureImage(
        'kafka',
        digest([base.ref, pom, ...filesUnder(kafkaDir)]),
        async (ref) => {
          const context = join(workDir, 'kafka');
          cpSync(kafkaDir, context, { recursive: true });
          cpSync(join(repoRoot, 'infra', 'kafka', 'target', 'dependency'), join(context, 'dependency'), { recursive: true });
          rmSync(join(context, 'dependency', '.complete'), { force: true });
          await dockerBuild(ref, context, logFile('kafka'), { BASE: base.ref });
        },
        log,
      ),
    );

    const postgresDir = join(definitions, 'postgres');
    built.push(
      await ensureImage(
        'postgres',
        digest([base.ref, ...filesUnder(postgresDir)]),
        (ref) => dockerBuild(ref, postgresDir, logFile('postgres'), { BASE: base.ref }),
        log,
      ),
    );

    const nodeDir = join(definitions, 'node');
    const ca = hostCaBundle();
    const nodeBuild = await ensureImage(
      'nodeBuild',
      digest([base.ref, process.version, readFileSync(join(npmRoot(), 'package.json')), ca, ...filesUnder(nodeDir)]),
      async (ref) => {
        const context = join(workDir, 'node');
        cpSync(nodeDir, context, { recursive: true });
        cpSync(process.execPath, join(context, 'node'));
        cpSync(npmRoot(), join(context, 'npm'), { recursive: true });
        writeFileSync(join(context, 'ca-certificates.crt'), ca);
        await dockerBuild(ref, context, logFile('nodeBuild'), { BASE: base.ref });
      },
      log,
    );
    built.push(nodeBuild);

    const dockerfile = join(definitions, 'service', 'Dockerfile');
    built.push(
      await ensureImage(
        'service',
        digest([base.ref, nodeBuild.ref, ...repositoryFiles(repoRoot, notInServiceImage)]),
        (ref) => dockerBuild(ref, repoRoot, logFile('service'), { BASE: base.ref, NODE_BUILD: nodeBuild.ref }, dockerfile),
        log,
      ),
    );
    return built;
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
};

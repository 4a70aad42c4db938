import { join } from 'node:path';
import { ensureDockerDaemon } from '../images/docker';
import { buildImages } from '../images/images';
import { repoRoot } from '../stack';
import { onSupportedNode } from '../runtime';

// `npm run images`: builds the images of the containerised stack (infra/images), each only when what it is built from
// changed, starting the Docker daemon first (installing docker.io when missing). Progress on stderr; the images, their
// sizes and how long each took on stdout.

const log = (line: string) => process.stderr.write(`[images] ${line}\n`);

const main = async () => {
  onSupportedNode();
  const started = Date.now();
  const docker = await ensureDockerDaemon(join(repoRoot, '.run', 'dockerd.log'), log);
  if (!docker.available) throw new Error(`no images built: ${docker.reason}`);
  const images = await buildImages(log);
  for (const image of images) {
    process.stdout.write(
      `${image.ref.padEnd(36)} ${String(image.sizeMb).padStart(5)} MB  ${image.built ? `built in ${image.seconds.toFixed(0)} s` : 'unchanged'}\n`,
    );
  }
  process.stdout.write(`images ready in ${((Date.now() - started) / 1000).toFixed(0)} s (tagged :local; build logs in .run/images)\n`);
};

main().catch((error: unknown) => {
  process.stderr.write(`[images] ${(error as Error).message}\n`);
  process.exit(1);
});

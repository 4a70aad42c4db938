import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { epcSimulatorDescription, groundRiskSimulatorDescription, policeSimulatorDescription, repoRoot } from '../stack';

const read = (...path: string[]) => readFileSync(join(repoRoot, ...path), 'utf8');

describe('the service image and docker-compose.yml stay in step with the repository', () => {
  it('copies the manifest of every workspace before installing (else npm install fails, or a workspace is missing)', () => {
    const workspaces = (JSON.parse(read('package.json')) as { workspaces: string[] }).workspaces;
    const copied = [...read('infra', 'images', 'service', 'Dockerfile').matchAll(/^COPY (\S+)\/package\.json \1\/$/gm)].map((m) => m[1]);
    expect(copied.sort()).toEqual([...workspaces].sort());
  });

  it('tells the services in compose what the local stack tells them of the test environments they use', () => {
    // Folded YAML scalars join their lines with spaces: compared with runs of whitespace made one space.
    const compose = read('docker-compose.yml').replace(/\s+/g, ' ');
    for (const description of [epcSimulatorDescription, policeSimulatorDescription, groundRiskSimulatorDescription]) {
      expect(compose).toContain(description);
    }
  });
});

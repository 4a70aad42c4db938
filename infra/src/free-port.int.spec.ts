import { freePort } from './stack';

// A stack picks all its ports (gateway, operator API, test environments, metrics) before it starts any server, so
// each pick must differ from the others even though all of them are still free.

describe('freePort', () => {
  it('never answers the same port twice in one process, and answers ports below the ephemeral range here', async () => {
    const ports: number[] = [];
    for (let i = 0; i < 2_000; i++) ports.push(await freePort());
    expect(new Set(ports).size).toBe(ports.length);
    expect(Math.min(...ports)).toBeGreaterThanOrEqual(20_000);
    expect(Math.max(...ports)).toBeLessThan(32_768);
  });
});

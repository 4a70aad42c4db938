import { statementFixture } from '../fixtures/statement';
import { RenderPool, RenderPoolBusy } from '../render-pool';
import type { StatementModel } from './statement-model';
import path from 'node:path';

// Statements rendered in a warm worker, as the gateway does: the same bytes as in process, and a full queue refused
// at once rather than left to grow. Needs the renderer built (`tsc -b`).

jest.setTimeout(60_000);

const workerFile = path.join(__dirname, '..', '..', 'dist', 'statement', 'statement-worker.js');

describe('the statement worker', () => {
  it('renders a statement, and refuses a render past the queue while its one worker is busy', async () => {
    const pool = new RenderPool<StatementModel>(workerFile, { workers: 1, timeoutMs: 30_000, maxHeapMb: 128, waitingMax: 1 });
    try {
      const first = pool.render(statementFixture);
      const second = pool.render(statementFixture);
      await expect(pool.render(statementFixture)).rejects.toBeInstanceOf(RenderPoolBusy);
      const [a, b] = await Promise.all([first, second]);
      expect(a.pdf.subarray(0, 5).toString()).toBe('%PDF-');
      expect(a.pdf.equals(b.pdf)).toBe(true);
    } finally {
      await pool.stop();
    }
  });

  it('fails a model the renderer refuses, with its reason', async () => {
    const pool = new RenderPool<StatementModel>(workerFile, { workers: 1, timeoutMs: 30_000, maxHeapMb: 128 });
    try {
      await expect(pool.render({ ...statementFixture, issuedAt: 'not a time' })).rejects.toThrow('issuedAt is not a timestamp');
    } finally {
      await pool.stop();
    }
  });
});

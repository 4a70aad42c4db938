import { metricsRegistry } from '@pds/service-runtime';
import { execFile } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { freshDatabase } from '../../../../test/support/environment';
import { startOtlpReceiver } from '@pds/infra';
import { silentProgress } from './progress';
import { withProgressMetrics } from './progress-metrics';

// An import's progress as a platform sees it: the gauges a scrape of /metrics reads while it runs, and what the import
// command pushes to an OTLP collector, its last push as it ends.

const demoLookup = join(__dirname, '..', '..', 'demo-data', 'PCD_OA_LSOA_MSOA_LAD_MAY22_UK_LU_RG_LS_WF.csv.gz');
const cliPath = join(__dirname, '..', '..', 'dist', 'import', 'cli.js');
jest.setTimeout(120_000);

/** A gauge's sample for a dataset in Prometheus's text format. */
const sample = (text: string, name: string, dataset: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${name}{`) && l.includes(`dataset="${dataset}"`));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
};

describe('import progress as metrics', () => {
  it('sets the gauges as the load goes: size, bytes read, rows loaded, and loading until the rows are all read', async () => {
    const progress = withProgressMetrics(silentProgress);
    const read = async () => {
      const text = await metricsRegistry.metrics();
      return ['pds_import_bytes_total', 'pds_import_bytes_read', 'pds_import_rows_loaded', 'pds_import_loading'].map((n) =>
        sample(text, n, 'gauge-test'),
      );
    };
    progress.start(5_000, 'gauge-test');
    expect(await read()).toEqual([5_000, 0, 0, 1]);
    progress.update(2_048, 1_024);
    expect(await read()).toEqual([5_000, 2_048, 1_024, 1]);
    progress.update(5_000, 2_500);
    progress.stop();
    expect(await read()).toEqual([5_000, 5_000, 2_500, 0]);
  });

  it('are pushed over OTLP by the import command, the last push carrying the whole file read and every row loaded', async () => {
    const receiver = await startOtlpReceiver();
    try {
      const { stdout, stderr } = await promisify(execFile)(process.execPath, [cliPath, 'ons-postcode-lookup', demoLookup], {
        env: {
          ...process.env,
          DATABASE_URL: await freshDatabase('import_metrics'),
          OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
          OTEL_METRIC_EXPORT_INTERVAL: '60000',
          METRICS_PORT: '0',
        },
        maxBuffer: 1 << 22,
      });
      const summary = JSON.parse(stdout.trim().split('\n').at(-1) as string) as { rows: number; rejected: number };
      // Counted here without the importer: the file's lines less its header.
      const rows = gunzipSync(readFileSync(demoLookup)).toString('utf8').split('\r\n').filter(Boolean).length - 1;
      expect([summary.rows, summary.rejected]).toEqual([rows, 0]);
      // With METRICS_PORT, a scraper is told where to watch (port 0: one the system chose).
      expect(stderr).toMatch(/^ons-postcode-lookup: progress metrics at http:\/\/127\.0\.0\.1:[1-9][0-9]*\/metrics$/m);

      // The export interval is a minute: what arrived is the push made as the command ended.
      expect(receiver.metrics).toHaveLength(1);
      const last = receiver.metrics[0] ?? [];
      const value = (name: string) =>
        last.find((m) => m.name === name)?.points.find((p) => p.attributes.dataset === 'ons-postcode-lookup')?.value;
      expect(last[0]?.service).toBe('import');
      const size = statSync(demoLookup).size;
      expect(['pds_import_bytes_total', 'pds_import_bytes_read', 'pds_import_rows_loaded', 'pds_import_loading'].map(value)).toEqual([
        size,
        size,
        rows,
        0,
      ]);
    } finally {
      await receiver.stop();
    }
  });
});

import { gauge } from '@pds/service-runtime';
import type { Progress } from './progress';

// An import's progress as metrics, for a platform watching a long load: scraped from /metrics while it runs (with
// METRICS_PORT), pushed over OTLP when a collector is configured (the last push as the command ends).

const labelNames = ['dataset'] as const;
const bytesTotal = gauge({ name: 'pds_import_bytes_total', help: 'Size on disk of the files being imported.', labelNames });
const bytesRead = gauge({
  name: 'pds_import_bytes_read',
  help: 'Bytes of those files read so far, on disk (before decompression): with pds_import_bytes_total, how far the load is.',
  labelNames,
});
const rowsLoaded = gauge({ name: 'pds_import_rows_loaded', help: 'Rows loaded so far (rejected rows are not counted).', labelNames });
const loading = gauge({
  name: 'pds_import_loading',
  help: '1 while the rows of the dataset are being read, 0 once they all are.',
  labelNames,
});

/** `progress`, with each step also set on the import's gauges (labelled by the dataset being loaded). */
export const withProgressMetrics = (progress: Progress): Progress => {
  let dataset = '';
  return {
    start(totalBytes, label) {
      dataset = label;
      bytesTotal.set({ dataset }, totalBytes);
      bytesRead.set({ dataset }, 0);
      rowsLoaded.set({ dataset }, 0);
      loading.set({ dataset }, 1);
      progress.start(totalBytes, label);
    },
    update(read, rows) {
      bytesRead.set({ dataset }, read);
      rowsLoaded.set({ dataset }, rows);
      progress.update(read, rows);
    },
    say: (line) => progress.say(line),
    stop() {
      loading.set({ dataset }, 0);
      progress.stop();
    },
  };
};

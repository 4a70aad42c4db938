import { referenceData } from '@pds/contracts';
import { LogFollower, type Logger, type PostgresEventStore } from '@pds/service-runtime';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { basename } from 'node:path';
import type pg from 'pg';
import type { Dataset } from '../datasets/dataset';
import { datasetVersionsProjection } from '../read-models/dataset-versions';
import { applyChanges } from './apply-changes';
import { copyRows } from './copy-rows';
import { FormatError } from './files';
import type { Progress } from './progress';

// One import: check the files are the dataset's format, skip them if this very version already serves, load them into
// a table of their own, check what the product's metadata says, index, then record the version as an event; its
// projection points the dataset's view at the new table. Anything that fails before the event leaves the serving
// version as it was (the half-loaded table is dropped, or by the next import if the process was killed).

export interface ImportSummary {
  dataset: string;
  vintage: string;
  rows: number;
  rejected: number;
  seconds: number;
  version: number;
  /** The same files as the version serving: nothing was loaded. */
  unchanged: boolean;
}

export const projectionName = 'read-model:dataset-versions';
const rejectionSampleMax = 10;
const swapWaitMs = 60_000;

const checksumOf = async (paths: string[]) => {
  const hash = createHash('sha256');
  for (const path of paths) for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 })) hash.update(chunk as Buffer);
  return hash.digest('hex');
};

const quoted = (name: string) => `"${name}"`;

export interface ImportOptions {
  /**
   * Made here for demonstration in the publisher's layout, not published by the publisher: what it is and where it
   * came from. Recorded as the version's attribution (the publisher's would be untrue) and flagged in every answer.
   */
  synthetic?: string;
}

export interface ImportDeps {
  db: pg.Pool;
  store: PostgresEventStore;
  logger: Logger;
  progress: Progress;
  now: () => Date;
  actor: string;
}

/** One import of a dataset at a time, whichever process runs it (a session lock, released with the connection). */
const importLock = async (client: pg.PoolClient, dataset: string) => {
  const { rows } = await client.query<{ locked: boolean }>("SELECT pg_try_advisory_lock(hashtext('import:' || $1)) AS locked", [dataset]);
  if (!rows[0]?.locked) throw new Error(`another import of ${dataset} is running; try again when it has finished`);
};

export const importDataset = async (
  deps: ImportDeps,
  dataset: Dataset,
  paths: string[],
  options: ImportOptions = {},
): Promise<ImportSummary> => {
  const startedMs = Date.now();
  const seconds = () => Math.round((Date.now() - startedMs) / 100) / 10;
  const input = await dataset.open(paths);
  if (input.changeFiles && !dataset.changes) throw new FormatError(`${dataset.name} has no change files`);
  const checksum = await checksumOf(paths);
  // An accumulating dataset remembers each part by the file it came from, so a file given again alone is recognised.
  const fileChecksums = dataset.accumulates
    ? await Promise.all(paths.map(async (p) => ({ path: p, checksum: await checksumOf([p]) })))
    : [];
  const streamId = referenceData.datasetStreamId(dataset.name);
  const history = (await deps.store.readStream(streamId)).map((r) => referenceData.DatasetEvent.parse({ type: r.type, data: r.data }));
  const latest = history.at(-1)?.data;
  const unchanged = dataset.accumulates
    ? stillServing(
        history.map((h) => h.data),
        fileChecksums.map((f) => f.checksum),
        dataset.importerVersion,
      )
    : latest && latest.checksum === checksum && latest.importer === dataset.importerVersion
      ? { rows: latest.rows, rejected: latest.rejected }
      : undefined;
  if (latest && unchanged) {
    await awaitServing(deps, dataset.name, latest.version);
    return {
      dataset: dataset.name,
      vintage: latest.vintage,
      ...unchanged,
      seconds: seconds(),
      version: latest.version,
      unchanged: true,
    };
  }
  const version = (latest?.version ?? 0) + 1;
  const table = `${dataset.relation}__v${version}`;
  const client = await deps.db.connect();
  try {
    await importLock(client, dataset.name);
    // A table for this version with no event is what a killed import left: never served, so it is dropped.
    await client.query(`DROP TABLE IF EXISTS ${quoted(table)}`);
    await client.query(
      `CREATE TABLE ${quoted(table)} (LIKE ${quoted(`${dataset.relation}__v0`)} INCLUDING DEFAULTS INCLUDING CONSTRAINTS)`,
    );
    const keysByPart = new Map<string, Set<string>>();
    const counts = await load(deps, client, dataset, input, table, keysByPart).catch(async (error: unknown) => {
      await client.query(`DROP TABLE IF EXISTS ${quoted(table)}`);
      throw error;
    });
    const accumulated = dataset.accumulates
      ? await carryForward(client, dataset, table, latest, checksumByKey(keysByPart, fileChecksums, checksum), options.synthetic)
      : input.changeFiles
        ? await applyChanges(client, dataset, table, latest, options.synthetic).then((applied) => {
            deps.progress.say(
              `${dataset.name}: ${applied.replaced} records changed or deleted; ${applied.deletionsNotHeld} deletions of records not held`,
            );
            return applied;
          })
        : undefined;
    deps.progress.say(`${dataset.name}: indexing ${accumulated?.rows ?? counts.rows} rows`);
    for (const index of dataset.indexes) await client.query(index.replaceAll('{table}', quoted(table)));
    await client.query(`ANALYZE ${quoted(table)}`);
    const event: referenceData.DatasetVersionImported = {
      type: 'DatasetVersionImported',
      data: {
        dataset: dataset.name,
        version,
        vintage: accumulated?.vintage ?? input.vintage,
        title: dataset.title,
        publisher: dataset.publisher,
        licence: dataset.licence,
        attribution: accumulated?.attribution ?? options.synthetic ?? dataset.attribution,
        checksum,
        importer: dataset.importerVersion,
        synthetic: accumulated?.synthetic ?? options.synthetic !== undefined,
        files: input.parts.map((p) => ({ name: p.name, sizeBytes: p.sizeBytes })),
        rows: accumulated?.rows ?? counts.rows,
        rejected: counts.rejected,
        table,
        importedAt: deps.now().toISOString(),
        seconds: seconds(),
        ...(accumulated && 'partitions' in accumulated ? { partitions: accumulated.partitions } : {}),
      },
    };
    // The expected revision: an import that raced this one to record a version fails here, its table dropped.
    await deps.store
      .appendToStream(
        streamId,
        [{ type: event.type, data: event.data, metadata: { actor: deps.actor, files: paths.map((p) => basename(p)) } }],
        {
          expectedRevision: history.length === 0 ? 'no_stream' : history.length - 1,
        },
      )
      .catch(async (error: unknown) => {
        await client.query(`DROP TABLE IF EXISTS ${quoted(table)}`);
        throw error;
      });
    await awaitServing(deps, dataset.name, version);
    return {
      dataset: dataset.name,
      vintage: event.data.vintage,
      rows: counts.rows,
      rejected: counts.rejected,
      seconds: seconds(),
      version,
      unchanged: false,
    };
  } finally {
    client.release(true); // with its session: the import lock goes with it
  }
};

type Recorded = referenceData.DatasetVersionImported['data'];

/**
 * An accumulating dataset's files change nothing when each was loaded before (by this importer) and every part it
 * loaded then still serves from it; what they loaded is then the summary. A part replaced since by another file means
 * the files load again.
 */
const stillServing = (history: Recorded[], checksums: string[], importer: number) => {
  const serving = history.at(-1)?.partitions ?? [];
  let rows = 0;
  let rejected = 0;
  for (const checksum of checksums) {
    const loadedBy = history.filter((h) => h.importer === importer && h.partitions?.some((p) => p.checksum === checksum)).at(-1);
    const loaded = loadedBy?.partitions?.filter((p) => p.checksum === checksum) ?? [];
    if (!loadedBy || loaded.length === 0) return undefined;
    if (!loaded.every((p) => serving.some((q) => q.key === p.key && q.checksum === checksum))) return undefined;
    rows += loaded.reduce((sum, p) => sum + p.rows, 0);
    rejected = Math.max(rejected, loadedBy.rejected);
  }
  return { rows, rejected };
};

/** The checksum of the file each part's rows came from (a part spread over several files takes the import's). */
const checksumByKey = (keysByPart: Map<string, Set<string>>, files: Array<{ path: string; checksum: string }>, importChecksum: string) => {
  const byKey = new Map<string, string>();
  for (const [part, keys] of keysByPart) {
    const file = files.find((f) => part === basename(f.path) || part.startsWith(`${basename(f.path)}:`));
    for (const key of keys)
      byKey.set(key, byKey.has(key) && byKey.get(key) !== file?.checksum ? importChecksum : (file?.checksum ?? importChecksum));
  }
  return (key: string) => byKey.get(key) ?? importChecksum;
};

/**
 * The parts of the serving version that the files just loaded do not replace, copied into the new version's table (so
 * the new version is whole before it serves); the parts it holds then, each with the checksum of the files it came from.
 */
const carryForward = async (
  client: pg.PoolClient,
  dataset: Dataset,
  table: string,
  latest: Recorded | undefined,
  checksumOf: (key: string) => string,
  synthetic: string | undefined,
) => {
  const { partColumns, vintage } = dataset.accumulates as NonNullable<Dataset['accumulates']>;
  const key = partColumns.map(quoted).join(', ');
  const partsOf = async (relation: string) =>
    (
      await client.query<{ key: string; rows: string }>(
        `SELECT concat_ws(' / ', ${key}) AS key, count(*) AS rows FROM ${quoted(relation)} GROUP BY ${key}`,
      )
    ).rows.map((r) => ({ key: r.key, rows: Number(r.rows) }));
  const loaded = (await partsOf(table)).map((p) => ({ ...p, checksum: checksumOf(p.key), ...(synthetic ? { synthetic } : {}) }));
  let carried: referenceData.DatasetPartition[] = [];
  if (latest) {
    const all = dataset.columns.map((c) => quoted(c.name)).join(', ');
    const same = partColumns.map((c) => `n.${quoted(c)} = p.${quoted(c)}`).join(' AND ');
    const copied = await client.query(
      `INSERT INTO ${quoted(table)} (${all}) SELECT ${all} FROM ${quoted(latest.table)} p
        WHERE NOT EXISTS (SELECT 1 FROM ${quoted(table)} n WHERE ${same})`,
    );
    const replaced = new Set(loaded.map((p) => p.key));
    carried = (latest.partitions ?? []).filter((p) => !replaced.has(p.key));
    const expected = carried.reduce((sum, p) => sum + p.rows, 0);
    // The serving table must hold exactly what its version recorded; anything else is not carried forward silently.
    if (copied.rowCount !== expected)
      throw new Error(`${latest.table} has ${copied.rowCount} rows outside the parts loaded, its version recorded ${expected}`);
  }
  const partitions = [...carried, ...loaded].sort((a, b) => a.key.localeCompare(b.key));
  return {
    partitions,
    rows: partitions.reduce((sum, p) => sum + p.rows, 0),
    vintage: vintage(partitions.map((p) => p.key)),
    ...provenanceOf(dataset, partitions),
  };
};

/**
 * The version's attribution and flag from its parts: the publisher's when none is synthetic, the synthetic description
 * when all are, and both when some are (the version is then flagged synthetic: an answer may be built from either).
 */
const provenanceOf = (dataset: Dataset, partitions: referenceData.DatasetPartition[]) => {
  const made = [...new Set(partitions.flatMap((p) => (p.synthetic ? [p.synthetic] : [])))];
  if (made.length === 0) return { synthetic: false, attribution: dataset.attribution };
  const published = partitions.filter((p) => !p.synthetic).map((p) => p.key);
  if (published.length === 0) return { synthetic: true, attribution: made.join(' ') };
  return {
    synthetic: true,
    attribution: `${dataset.attribution} Parts are SYNTHETIC (all but ${published.join(', ')}): ${made.join(' ')}`,
  };
};

const load = async (
  deps: ImportDeps,
  client: pg.PoolClient,
  dataset: Dataset,
  input: Awaited<ReturnType<Dataset['open']>>,
  table: string,
  keysByPart: Map<string, Set<string>>,
) => {
  const totalBytes = input.parts.reduce((sum, p) => sum + p.sizeBytes, 0);
  deps.progress.start(totalBytes, dataset.name);
  // The values naming each row's part (an accumulating dataset's), kept per file part.
  const partIndexes = dataset.accumulates?.partColumns.map((c) => dataset.columns.findIndex((col) => col.name === c));
  let rows = 0;
  let shownRejections = 0;
  const counts = await copyRows(
    client,
    table,
    dataset.columns.map((c) => c.name),
    input.rows(),
    (r) => {
      if (shownRejections++ < rejectionSampleMax) deps.progress.say(`rejected ${r.part}:${r.line}: ${r.rejected}`);
    },
    (row) => {
      if (partIndexes) {
        const keys = keysByPart.get(row.part) ?? new Set<string>();
        keys.add(partIndexes.map((i) => String(row.values[i])).join(' / '));
        keysByPart.set(row.part, keys);
      }
      rows++;
      if ((rows & 0x3ff) === 0) deps.progress.update(input.bytesRead(), rows);
    },
  )
    .catch((error: unknown) => {
      throw unreadable(error) ?? error;
    })
    .finally(() => {
      deps.progress.update(totalBytes, rows);
      deps.progress.stop();
    });
  if (counts.rejected > rejectionSampleMax) deps.progress.say(`… and ${counts.rejected - rejectionSampleMax} more rejected rows`);
  if (counts.rows === 0) throw new FormatError(`no rows could be read from ${input.parts.map((p) => p.name).join(', ')}`);
  const problems = input.verify?.(counts.recordsByPart) ?? [];
  if (problems.length > 0) throw new FormatError(`the files do not match their own metadata: ${problems.join('; ')}`);
  return counts;
};

/** A file that ends early or does not decompress, said as such (the stream's own error is kept as the cause). */
const unreadable = (error: unknown): FormatError | undefined => {
  const e = error as { code?: string; message?: string };
  const zlib = e.code === 'Z_BUF_ERROR' || e.code === 'Z_DATA_ERROR' || /unexpected end of file/i.test(e.message ?? '');
  const csv = typeof e.code === 'string' && e.code.startsWith('CSV_');
  const zip = /invalid (central directory|local file header|signature)|end of central directory/i.test(e.message ?? '');
  return zlib || csv || zip ? new FormatError(`the file is truncated or corrupt: ${e.message ?? e.code}`, { cause: error }) : undefined;
};

/**
 * The projection points the view at the new version. Runs it here too, so that an import against a database with no
 * location service running still completes (one follower at a time holds the projection: if the service does, this
 * one waits and the service's swaps the view).
 */
const awaitServing = async (deps: ImportDeps, dataset: string, version: number) => {
  const follower = new LogFollower({
    store: deps.store,
    name: projectionName,
    categories: [referenceData.datasetStreamCategory],
    logger: deps.logger,
    handle: datasetVersionsProjection,
    pollIntervalMs: 100,
  });
  await follower.start();
  try {
    const until = Date.now() + swapWaitMs;
    while (Date.now() < until) {
      const { rows } = await deps.db.query('SELECT 1 FROM dataset_versions WHERE dataset = $1 AND version = $2 AND serving', [
        dataset,
        version,
      ]);
      if (rows.length > 0) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(
      `version ${version} of ${dataset} is recorded but not yet serving after ${swapWaitMs / 1000} s; is its projection stuck?`,
    );
  } finally {
    await follower.stop();
  }
};

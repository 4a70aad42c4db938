import { errorStatus, readModels, referenceDataTags, type Operation, type Queryable } from '@pds/contracts';
import type { Refusal } from '../operations/handler';

// While a dataset's first version is still being imported (a fresh stack loading its demo data, or a new national
// file), an operation built from reference data may find nothing where there will soon be an answer. Its 404 or 503
// would then be wrong or unexplained, so it becomes a 503 that names what is arriving, how far it is, and what the
// answer would otherwise have been: the caller retries rather than concluding that the postcode does not exist.

/** The imports are read at most once a second, and only for a refusal that may be explained by them. */
const freshForMs = 1_000;
/** An import of the demo region takes seconds; a national file minutes. The caller is told to look again soon. */
export const dataArrivingRetryAfterS = 10;

type ImportUnderWay = readModels.ImportUnderWay;

const read = new WeakMap<Queryable, { atMs: number; imports: Promise<ImportUnderWay[]> }>();

/** The imports under way or queued, as read within the last second. */
export const importsUnderWay = (db: Queryable, nowMs = Date.now()): Promise<ImportUnderWay[]> => {
  const last = read.get(db);
  if (last && nowMs - last.atMs < freshForMs) return last.imports;
  const imports = readModels.datasetImportQueries.importsUnderWay(db);
  read.set(db, { atMs: nowMs, imports });
  // A failed read is not kept: the next refusal asks again.
  imports.catch(() => read.delete(db));
  return imports;
};

/** "ppd (42%)", "epc (queued)": a dataset's import as the caller is told of it. */
export const describeImport = (i: ImportUnderWay) =>
  `${i.dataset} (${i.state === 'queued' || i.fraction_done === null ? 'queued' : `${Math.floor(i.fraction_done * 100)}%`})`;

/**
 * The refusal to give instead of `refusal` when reference data is still arriving: for an operation built from it, a
 * 404 or 503 while the first version of some dataset is being imported. Undefined when the refusal stands as it is
 * (including when the imports cannot be read: the refusal is then the best answer there is).
 */
export const dataArrivingRefusal = async (
  db: Queryable,
  operation: Operation,
  refusal: Refusal,
  /** Business time, which the Retry-After header is counted from. */
  now: Date,
): Promise<Refusal | undefined> => {
  if (!referenceDataTags.has(operation.tag)) return undefined;
  const status = errorStatus[refusal.code];
  if (status !== 404 && status !== 503) return undefined;
  const first = (await importsUnderWay(db).catch(() => [])).filter((i) => i.first_version);
  if (first.length === 0) return undefined;
  const retryAt = new Date(now.getTime() + dataArrivingRetryAfterS * 1000).toISOString();
  return {
    ok: false,
    code: 'SERVICE_UNAVAILABLE',
    message:
      `Reference data is still arriving: the first version of ${first.map(describeImport).join(', ')} is being imported. ` +
      'This answer may change once it is in; nothing charged; try again after `Retry-After`.',
    details: `Until then, this call answers ${refusal.code}: ${refusal.message}`,
    retryAfter: retryAt,
    ...(refusal.balance ? { balance: refusal.balance } : {}),
  };
};

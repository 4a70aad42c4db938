import { z } from '../zod';

// Reference datasets are versioned by events: each completed import records the version it loaded, and the
// version that serves a dataset is its stream's latest. Stream `dataset-<name>`, owned by the location service.

export const datasetStreamCategory = 'dataset';
export const datasetStreamId = (dataset: string) => `${datasetStreamCategory}-${dataset}`;

export const DatasetPartition = z.object({
  /** The part's name, from the values that identify it: `2017-07 / West Yorkshire Police`. */
  key: z.string().min(1),
  checksum: z.string().regex(/^[0-9a-f]{64}$/),
  rows: z.number().int().nonnegative(),
  /** What the part is, when it was made here for demonstration rather than published (the import's `--synthetic`). */
  synthetic: z.string().optional(),
});
export type DatasetPartition = z.infer<typeof DatasetPartition>;

export const DatasetVersionImported = z.object({
  type: z.literal('DatasetVersionImported'),
  data: z.object({
    dataset: z.string(),
    /** The version number within the dataset: 1, 2, … */
    version: z.number().int().positive(),
    vintage: z.string(),
    title: z.string(),
    publisher: z.string(),
    licence: z.string(),
    attribution: z.string(),
    /** SHA-256 of the files as given, in order: the same files imported again are the same version. */
    checksum: z.string().regex(/^[0-9a-f]{64}$/),
    /** The importer's own version: the same files read by a changed importer are a new version. */
    importer: z.number().int().positive(),
    files: z.array(z.object({ name: z.string(), sizeBytes: z.number().int().nonnegative() })),
    /** Made here for demonstration (in the publisher's layout), not published by the publisher: said in every answer. */
    synthetic: z.boolean().default(false),
    rows: z.number().int().nonnegative(),
    rejected: z.number().int().nonnegative(),
    /** The table holding this version's rows; the dataset's view is pointed at it when the version is recorded. */
    table: z.string().regex(/^[a-z][a-z0-9_]{0,62}$/),
    /**
     * For a dataset published in parts that add up (a month of one police force's crime): every part this version
     * serves, and the checksum of the files that loaded it. A part loaded by this import carries this import's checksum;
     * the others were carried forward from the version before.
     */
    partitions: z.array(DatasetPartition).optional(),
    importedAt: z.string().datetime({ offset: true }),
    seconds: z.number().nonnegative(),
  }),
});
export type DatasetVersionImported = z.infer<typeof DatasetVersionImported>;

export const DatasetEvent = z.discriminatedUnion('type', [DatasetVersionImported]);
export type DatasetEvent = z.infer<typeof DatasetEvent>;

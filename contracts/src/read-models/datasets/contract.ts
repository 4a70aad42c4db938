import { z } from '../../zod';
import { defineReadModel } from '../read-model';

/** The version of each reference dataset now serving, with what every answer built from it must credit. */
export const datasetVersions = defineReadModel({
  relation: 'dataset_versions_serving',
  owner: 'location',
  readers: ['gateway', 'analysis'],
  description: 'One row per dataset with a version serving: its name, version, vintage, rows, title, publisher, licence and attribution.',
  row: z.object({
    dataset: z.string(),
    version: z.number().int(),
    vintage: z.string(),
    title: z.string(),
    publisher: z.string(),
    licence: z.string(),
    attribution: z.string(),
    rows: z.coerce.number().int(),
    rejected: z.coerce.number().int(),
    checksum: z.string(),
    synthetic: z.boolean(),
    imported_at: z.date(),
  }),
});

/** Imports under way or waiting their turn, each with how far it is; a dataset's first import until it lands. */
export const datasetImportsUnderWay = defineReadModel({
  relation: 'dataset_imports_under_way',
  owner: 'location',
  readers: ['gateway'],
  description:
    'One row per dataset being imported or queued to be: its state, who asked, how far it is, since when, and whether it is the first version (none serving yet).',
  row: z.object({
    dataset: z.string(),
    state: z.enum(['queued', 'importing']),
    requested_by: z.string(),
    fraction_done: z.number().nullable(),
    rows_read: z.coerce.number().int(),
    since: z.date(),
    first_version: z.boolean(),
  }),
});

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

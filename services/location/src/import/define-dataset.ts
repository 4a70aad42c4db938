import type { Dataset, DatasetInput } from '../datasets/dataset';
import type { DatasetDefinition, FilesRead, Part } from './dataset-definition';
import { partsOf } from './dataset-parts';
import { probe } from './dataset-probe';
import { Reading, rowsOf } from './dataset-rows';

// The one importer builder: a dataset's declaration (its publisher's format: files, checks, columns, row mapping,
// vintage) made into what the import command loads (import-dataset.ts). `open` finds the parts, checks every header
// or first record and works out what the names say before anything loads; the rows then stream part by part.

export type { DatasetDefinition, Note, Part, Read, RowResult } from './dataset-definition';

const vintageBeforeLoading = <M>(d: DatasetDefinition<unknown, unknown, M>, files: FilesRead<M>): string | undefined =>
  typeof d.vintage === 'string' ? d.vintage : d.vintage && 'fromFiles' in d.vintage ? d.vintage.fromFiles(files) : undefined;

const vintageAfterReading = <M>(d: DatasetDefinition<unknown, unknown, M>, files: FilesRead<M>, reading: Reading): string => {
  const vintage = d.vintage;
  if (d.accumulates) return d.accumulates.vintage([...reading.keys]);
  if (typeof vintage === 'object' && 'latest' in vintage) return vintage.said(reading.latest);
  if (typeof vintage === 'object' && 'fromNotes' in vintage) return vintage.fromNotes(reading, files);
  throw new Error(`${d.name} declares no vintage`);
};

export const defineDataset = <R = string[], L = undefined, M = undefined>(d: DatasetDefinition<R, L, M>): Dataset => {
  if (d.vintage === undefined && !d.accumulates) throw new Error(`${d.name}: a dataset that does not accumulate declares its vintage`);
  if (d.header && d.records) throw new Error(`${d.name}: a header is read from CSV, not from a reader of its own`);
  const { name, importerVersion, title, publisher, licence, attribution, relation, columns, indexes, accumulates, changes } = d;
  return {
    name,
    importerVersion,
    title,
    publisher,
    licence,
    attribution,
    relation,
    columns,
    indexes,
    accumulates,
    changes,
    open: async (paths): Promise<DatasetInput> => {
      const parts = await partsOf(paths, d.files);
      const layouts = await probe(d, parts);
      const changeFiles = d.changeFiles?.(parts.map((part, i) => ({ part, layout: layouts[i] as L }))) ?? false;
      const files: FilesRead<M> = { paths, parts };
      const named = vintageBeforeLoading(d as DatasetDefinition<unknown, unknown, M>, files);
      const reading = new Reading();
      const verify = d.verify;
      return {
        get vintage() {
          return named ?? vintageAfterReading(d as DatasetDefinition<unknown, unknown, M>, files, reading);
        },
        parts: parts.map(({ name, sizeBytes }: Part<M>) => ({ name, sizeBytes })),
        rows: () => rowsOf(d, parts, layouts, changeFiles, reading),
        bytesRead: reading.bytesRead,
        ...(verify ? { verify: (recordsByPart) => verify({ recordsByPart, parts, notes: reading }) } : {}),
        ...(changeFiles ? { changeFiles } : {}),
      };
    },
  };
};

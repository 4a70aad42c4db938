import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { z } from '@pds/contracts';

// A plan of imports run one after another by one import command (`--plan`), such as the demo data `npm start` loads
// (demo-data/demo.json). A dataset listed more than once is imported in that order, each import superseding the parts
// it holds (downloads of overlapping years).

const PlanFile = z.object({
  description: z.string().optional(),
  imports: z
    .array(
      z.strictObject({
        dataset: z.string().min(1),
        /** Relative to the plan's own folder. */
        files: z.array(z.string().min(1)).min(1),
        /** For data made here: what it is, recorded with the version and shown in `sources`. */
        synthetic: z.string().optional(),
      }),
    )
    .min(1),
});

export interface PlannedImport {
  dataset: string;
  files: string[];
  synthetic?: string;
}

/** The plan's imports, their files as paths; refuses a plan that is not one (with what is wrong). */
export const readPlan = (path: string): PlannedImport[] => {
  const parsed = PlanFile.safeParse(JSON.parse(readFileSync(path, 'utf8')));
  if (!parsed.success)
    throw new Error(`${path} is not a plan of imports: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  return parsed.data.imports.map((i) => ({ ...i, files: i.files.map((f) => join(dirname(path), f)) }));
};

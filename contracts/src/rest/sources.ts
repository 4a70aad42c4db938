import { z } from '../zod';
import { Billing } from './billing';

// Provenance: every answer built from reference data says which datasets it came from, in which version, and the
// attribution their licences require. It sits beside `data` (never inside it), on free and charged answers alike.

export const Source = z
  .strictObject({
    dataset: z.string().openapi({ example: 'codepoint-open', description: 'The dataset, as `GET /datasets` names it' }),
    title: z.string().openapi({ example: 'OS Code-Point Open' }),
    publisher: z.string().openapi({ example: 'Ordnance Survey' }),
    vintage: z.string().openapi({ example: '2025.2.0', description: 'The release serving' }),
    licence: z.string().openapi({ example: 'Open Government Licence v3.0' }),
    attribution: z.string().openapi({ description: 'The attribution line the licence requires wherever the data is shown' }),
    synthetic: z.boolean().optional().openapi({ description: 'True for data made for demonstration, not published by its publisher' }),
  })
  .openapi('Source');
export type Source = z.infer<typeof Source>;

export const Sources = z.array(Source).openapi({ description: 'The datasets this answer was built from' });

/** A chargeable answer built from reference data. */
export const sourcedEnvelope = <T extends z.ZodTypeAny>(data: T) =>
  z.object({ success: z.literal(true), data, sources: Sources, billing: Billing });

/** A free answer built from reference data: no billing object (the headers still say 0). */
export const freeSourcedEnvelope = <T extends z.ZodTypeAny>(data: T) => z.object({ success: z.literal(true), data, sources: Sources });

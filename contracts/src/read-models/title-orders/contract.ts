import { TitleOrder } from '../../rest/land-registry';
import { z } from '../../zod';
import { defineReadModel } from '../read-model';

/** Each order as `land_registry_order_status` shows it, with the account it belongs to. */
export const titleOrderViews = defineReadModel({
  relation: 'title_order_views',
  owner: 'land-registry-orders',
  readers: ['gateway'],
  description: 'One row per official-copy order: its id, its account, and the order as the REST API shows it.',
  row: z.object({ order_id: z.string(), account_id: z.string(), view: TitleOrder }),
});

/** The delivered documents of the orders: the PDF and, where extracted, its transcription. */
export const titleOrderFiles = defineReadModel({
  relation: 'title_order_files',
  owner: 'land-registry-orders',
  readers: ['gateway'],
  description: 'One row per delivered document: its id, order, account, kind, the PDF bytes and the transcription (null until extracted).',
  row: z.object({
    document_id: z.string(),
    order_id: z.string(),
    account_id: z.string(),
    kind: z.enum(['register', 'plan']),
    pdf: z.instanceof(Buffer),
    text: z.string().nullable(),
  }),
});

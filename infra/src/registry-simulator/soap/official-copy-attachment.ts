import type { businessGateway } from '@pds/land-register';
import { zipSync } from 'fflate';
import { renderDocument } from '../deliveries';
import type { RegistryOrder } from '../orders';
import type { RegisteredTitle } from '../titles/registered-title';

// The copies of an order as Business Gateway attaches them: one document as a PDF, several as one ZIP of PDFs named
// for what they hold ("Register", "Title Plan").

const entryNames = { register: 'Register.pdf', plan: 'Title Plan.pdf' } as const;

export const copiesAttachment = async (title: RegisteredTitle, order: RegistryOrder): Promise<businessGateway.Attachment> => {
  const pdfs = await Promise.all(order.documents.map(async (kind) => [kind, await renderDocument(title, order, kind)] as const));
  if (pdfs.length === 1) {
    const [kind, pdf] = pdfs[0]!;
    return { bytes: pdf, format: 'PDF', filename: `${title.titleNumber} ${entryNames[kind]}` };
  }
  const zip = zipSync(Object.fromEntries(pdfs.map(([kind, pdf]) => [entryNames[kind], new Uint8Array(pdf)])));
  return { bytes: Buffer.from(zip), format: 'ZIP', filename: `${title.titleNumber}.zip` };
};

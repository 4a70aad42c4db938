import { renderOfficialCopy, type DocumentKind } from '@pds/land-register';
import type { RegistryOrder } from './orders';
import { renderTitlePlan } from './title-plan';
import type { RegisteredTitle } from './titles/registered-title';
import { renderUnreadableCopy } from './unreadable-copy';

// What the registry hands over: the PDFs of a completed order. A copy shows the register as at the order's
// acceptance, so its date and time are the acceptance time, not the fixture's.

export const renderDocument = (title: RegisteredTitle, order: RegistryOrder, type: DocumentKind): Promise<Buffer> => {
  if (type === 'plan') return renderTitlePlan(title, order.officialCopyDateTime);
  const copy = { ...title.register, officialCopyDateTime: order.officialCopyDateTime };
  const unreadable = order.fulfilment.kind === 'complete' && order.fulfilment.unreadable;
  return unreadable ? renderUnreadableCopy(copy) : renderOfficialCopy(copy);
};

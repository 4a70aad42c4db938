import { orderEvents, readModels, reportEvents, type Queryable, type WebhookEventType } from '@pds/contracts';

// Which recorded events fire which webhook event, by the stream category their owner relays them under
// (`<ns>.events.<category>`), and how the resource they end is read: through the owner's published query, as its GET
// shows it. A view the owner has not yet brought up to the event (its projection runs behind its relay) is not an
// answer: the trigger throws, and the event is handled again shortly.

/** A relayed event, as the owner's Kafka relay publishes it. */
export interface SourceEvent {
  eventId: string;
  streamId: string;
  type: string;
  data: Record<string, unknown>;
  recordedAt: string;
}

/** A resource as its GET shows it, and whose it is; `status` is what tells a view that has caught up. */
export type ResourceById = (db: Queryable, id: string) => Promise<{ accountId: string; view: { status: string } } | undefined>;

export interface Trigger {
  type: WebhookEventType;
  /** The resource's account and its view; throws while the view does not yet show the ending. */
  resource(db: Queryable, event: SourceEvent): Promise<{ accountId: string; data: object }>;
}

export class ViewBehind extends Error {}

/** The resource of the event's stream (`<category>-<id>`), once its view shows the ending (`shows`, named `ending`). */
const ending = (type: WebhookEventType, ending: string, shows: (view: { status: string }) => boolean, byId: ResourceById): Trigger => ({
  type,
  resource: async (db, event) => {
    const id = event.streamId.slice(event.streamId.indexOf('-') + 1);
    const found = await byId(db, id);
    if (!found || !shows(found.view))
      throw new ViewBehind(`${event.type} of ${id}: its view shows ${found ? found.view.status : 'nothing'} yet, not ${ending}`);
    return { accountId: found.accountId, data: found.view };
  },
});

const statusIs = (status: string) => (view: { status: string }) => view.status === status;

/** Money still held or taken at the ledger, on an order that has failed: it is given back before the order ends. */
const unsettled = new Set(['reserved', 'captured', 'quarantined']);
/**
 * A failed order's view reads `failed` as soon as the registry fails it, before its money is given back; it has ended
 * (OrderFailed) once nothing is held or taken any more, so the webhook waits for the view to show that too.
 */
const orderFailed = (view: { status: string }) => {
  const cost = (view as unknown as { cost?: Record<string, string> }).cost ?? {};
  const payments = [cost.paymentStatus, cost.documentCreditPaymentStatus, cost.extractionPaymentStatus];
  return view.status === 'failed' && payments.every((p) => p === undefined || !unsettled.has(p));
};

const titleOrderById: ResourceById = readModels.titleOrderQueries.orderById;

/** The report's view as `GET /reports/{reportId}` shows it, whoever's it is. */
const reportById: ResourceById = readModels.reportQueries.reportById;

export const triggers: Readonly<Record<string, Readonly<Record<string, Trigger>>>> = {
  [orderEvents.orderStreamCategory]: {
    OrderCompleted: ending('title_order.completed', 'completed', statusIs('completed'), titleOrderById),
    OrderFailed: ending('title_order.failed', 'failed with its money given back', orderFailed, titleOrderById),
  },
  [reportEvents.reportStreamCategory]: {
    // A report reads `failed` only once its credits are given back (see the analysis service's view).
    ReportCompleted: ending('report.completed', 'completed', statusIs('completed'), reportById),
    ReportFailed: ending('report.failed', 'failed', statusIs('failed'), reportById),
  },
};

/** The trigger a relayed event matches, if any. */
export const triggerOf = (event: Pick<SourceEvent, 'streamId' | 'type'>): Trigger | undefined =>
  triggers[event.streamId.slice(0, event.streamId.indexOf('-'))]?.[event.type];

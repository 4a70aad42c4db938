import type { ReportSummary, TitleOrder } from '@pds/contracts';
import { html, type Html } from '../html';
import { ukMinute } from './format';

// The account's title orders and reports as their status endpoints show them, with links to their documents through
// the dashboard (which checks the session's account owns each), never to the API's URLs, which need a key.

/** How many of each the page lists: the latest, newest first. */
export const ordersShownMax = 50;

const placed = ukMinute;
const words = (status: string) => status.charAt(0).toUpperCase() + status.slice(1).replace(/[_-]/g, ' ');
const pounds = (pence: number) => `£${Math.floor(pence / 100)}.${String(pence % 100).padStart(2, '0')}`;
const credits = (n: number) => `${n.toLocaleString('en-GB')} ${n === 1 ? 'credit' : 'credits'}`;

/** The dashboard's path of an order's document: its id is the last segment of the API's download URL. */
export const orderDocumentHref = (orderId: string, downloadUrl: string) =>
  `/account/orders/${encodeURIComponent(orderId)}/documents/${encodeURIComponent(downloadUrl.split('/').at(-1) ?? '')}`;
export const reportPdfHref = (reportId: string) => `/account/reports/${encodeURIComponent(reportId)}/pdf`;

const orderDocuments = (o: TitleOrder): Html | string => {
  const available = o.documents.filter((d) => d.status === 'available');
  if (available.length === 0) return o.documents.length === 0 ? 'None yet' : 'Not delivered yet';
  return html`<ul class="documents">
    ${available.map((d) => html`<li><a href="${orderDocumentHref(o.id, d.downloadUrl)}">${words(d.type)} (PDF)</a></li>`)}
  </ul>`;
};

/** One list as a table of `columns`, or the sentence saying there is none. */
const listTable = (id: string, caption: string, more: boolean, columns: readonly string[], rows: readonly Html[], none: string): Html =>
  rows.length === 0
    ? html`<p id="no-${id}">${none}</p>`
    : html`<table id="${id}">
        <caption>
          ${caption}${more ? html`: your latest ${ordersShownMax}` : ''}
        </caption>
        <thead>
          <tr>
            ${columns.map((c) => html`<th scope="col">${c}</th>`)}
          </tr>
        </thead>
        <tbody>
          ${rows}
        </tbody>
      </table>`;

const orderRow = (o: TitleOrder): Html =>
  html`<tr data-order-id="${o.id}">
    <td>${placed(o.createdAt)}</td>
    <td>${o.titleNumber}</td>
    <td>${words(o.documentType)}</td>
    <td>${words(o.status)}</td>
    <td>${pounds(o.cost.totalPence)} and ${credits(o.cost.totalCredits)}</td>
    <td>${orderDocuments(o)}</td>
  </tr>`;

const reportRow = (r: ReportSummary): Html =>
  html`<tr data-report-id="${r.reportId}">
    <td>${placed(r.requestedAt)}</td>
    <td>${r.subject.address ?? r.subject.postcode}</td>
    <td>${words(r.type)}</td>
    <td>${words(r.status)}</td>
    <td>${r.status === 'completed' ? credits(r.creditsCharged) : `${credits(r.priceCredits)} when completed`}</td>
    <td>${r.status === 'completed' && r.downloadUrl ? html`<a href="${reportPdfHref(r.reportId)}">Report (PDF)</a>` : 'None yet'}</td>
  </tr>`;

/** Both lists; `more` says a list holds only the latest of more. */
export const ordersPage = (orders: { orders: TitleOrder[]; more: boolean }, list: { reports: ReportSummary[]; more: boolean }): Html =>
  html`<p>Official copies you ordered and reports you asked for through the API, newest first, with their documents once ready.</p>
    <h2>Title orders</h2>
    ${listTable(
      'orders',
      'Official copies ordered',
      orders.more,
      ['Placed (UK)', 'Title', 'Copy of', 'Status', 'Cost', 'Documents'],
      orders.orders.map(orderRow),
      'You have no title orders.',
    )}
    <h2>Reports</h2>
    ${listTable(
      'reports',
      'Reports',
      list.more,
      ['Requested (UK)', 'Subject', 'Type', 'Status', 'Cost', 'Document'],
      list.reports.map(reportRow),
      'You have no reports.',
    )}`;

/** A document that is not the account's, or does not exist: the same answer, as the API gives. */
export const noSuchDocumentPage = (): Html =>
  html`<p class="notice">Your account has no such document.</p>
    <p><a href="/account/orders">Back to your orders and reports</a></p>`;

/** A document listed but not delivered (or failed): what the order service says of it. */
export const documentNotReadyPage = (message: string): Html =>
  html`<p class="notice">${message}</p>
    <p><a href="/account/orders">Back to your orders and reports</a></p>`;

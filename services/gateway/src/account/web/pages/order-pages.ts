import type { ReportSummary, TitleOrder } from '@pds/contracts';
import { DateTime } from 'luxon';
import { html, type Html } from '../html';

// The account's title orders and reports as their status endpoints show them, with links to their documents through
// the dashboard (which checks the session's account owns each), never to the API's URLs, which need a key.

/** How many of each the page lists: the latest, newest first. */
export const ordersShownMax = 50;

const placed = (iso: string) => DateTime.fromISO(iso, { zone: 'Europe/London' }).toFormat('d LLL yyyy, HH:mm');
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

const ordersTable = (orders: TitleOrder[], more: boolean): Html =>
  orders.length === 0
    ? html`<p id="no-orders">You have no title orders.</p>`
    : html`<table id="orders">
        <caption>
          Official copies ordered${more ? html`: your latest ${ordersShownMax}` : ''}
        </caption>
        <thead>
          <tr>
            <th scope="col">Placed (UK)</th>
            <th scope="col">Title</th>
            <th scope="col">Copy of</th>
            <th scope="col">Status</th>
            <th scope="col">Cost</th>
            <th scope="col">Documents</th>
          </tr>
        </thead>
        <tbody>
          ${orders.map(
            (o) =>
              html`<tr data-order-id="${o.id}">
                <td>${placed(o.createdAt)}</td>
                <td>${o.titleNumber}</td>
                <td>${words(o.documentType)}</td>
                <td>${words(o.status)}</td>
                <td>${pounds(o.cost.totalPence)} and ${credits(o.cost.totalCredits)}</td>
                <td>${orderDocuments(o)}</td>
              </tr>`,
          )}
        </tbody>
      </table>`;

const reportsTable = (list: ReportSummary[], more: boolean): Html =>
  list.length === 0
    ? html`<p id="no-reports">You have no reports.</p>`
    : html`<table id="reports">
        <caption>
          Reports${more ? html`: your latest ${ordersShownMax}` : ''}
        </caption>
        <thead>
          <tr>
            <th scope="col">Requested (UK)</th>
            <th scope="col">Subject</th>
            <th scope="col">Type</th>
            <th scope="col">Status</th>
            <th scope="col">Cost</th>
            <th scope="col">Document</th>
          </tr>
        </thead>
        <tbody>
          ${list.map(
            (r) =>
              html`<tr data-report-id="${r.reportId}">
                <td>${placed(r.requestedAt)}</td>
                <td>${r.subject.address ?? r.subject.postcode}</td>
                <td>${words(r.type)}</td>
                <td>${words(r.status)}</td>
                <td>${r.status === 'completed' ? credits(r.creditsCharged) : `${credits(r.priceCredits)} when completed`}</td>
                <td>
                  ${r.status === 'completed' && r.downloadUrl ? html`<a href="${reportPdfHref(r.reportId)}">Report (PDF)</a>` : 'None yet'}
                </td>
              </tr>`,
          )}
        </tbody>
      </table>`;

/** Both lists; `more` says a list holds only the latest of more. */
export const ordersPage = (orders: { orders: TitleOrder[]; more: boolean }, list: { reports: ReportSummary[]; more: boolean }): Html =>
  html`<p>Official copies you ordered and reports you asked for through the API, newest first, with their documents once ready.</p>
    <h2>Title orders</h2>
    ${ordersTable(orders.orders, orders.more)}
    <h2>Reports</h2>
    ${reportsTable(list.reports, list.more)}`;

/** A document that is not the account's, or does not exist: the same answer, as the API gives. */
export const noSuchDocumentPage = (): Html =>
  html`<p class="notice">Your account has no such document.</p>
    <p><a href="/account/orders">Back to your orders and reports</a></p>`;

/** A document listed but not delivered (or failed): what the order service says of it. */
export const documentNotReadyPage = (message: string): Html =>
  html`<p class="notice">${message}</p>
    <p><a href="/account/orders">Back to your orders and reports</a></p>`;

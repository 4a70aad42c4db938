import { DateTime } from 'luxon';
import { barChart } from '../../usage/bar-chart';
import { usageLines, type GroupBy, type UsageLine, type UsageReport } from '../../usage/usage-of';
import { errorSummary, type FieldErrors } from '../forms';
import { html, type Html } from '../html';

// The usage page: a form choosing the days and the grouping (a GET, so a view can be bookmarked and needs no token),
// the chart of credits and calls per day, and the same figures in a table, with the file of them to download.

/** What the form was asked, as typed: shown back in the form whatever it held. */
export interface UsageAsked {
  from: string;
  to: string;
  groupBy: GroupBy;
}

/** The chart fits the page's 44rem column. */
const chartSize = { widthPx: 680, heightPx: 260 } as const;
const zone = 'Europe/London';
const number = (n: number) => n.toLocaleString('en-GB');

const dateField = (name: 'from' | 'to', label: string, value: string, errors: FieldErrors): Html =>
  html`<label for="${name}">${label}</label>${errors[name] && html`<p class="error" id="${name}-error">${errors[name]}</p>`}<input
      id="${name}"
      name="${name}"
      type="date"
      value="${value}"
      ${errors[name] ? html`aria-invalid="true" aria-describedby="${name}-error"` : ''}
    />`;

const rangeForm = (asked: UsageAsked, errors: FieldErrors): Html =>
  html`<form method="get" action="/account/usage">
    ${dateField('from', 'From (UK day)', asked.from, errors)} ${dateField('to', 'To (UK day, inclusive)', asked.to, errors)}
    <label for="groupBy">Group by</label>
    <select id="groupBy" name="groupBy">
      <option value="day" ${asked.groupBy === 'day' ? html`selected` : ''}>Day</option>
      <option value="operation" ${asked.groupBy === 'operation' ? html`selected` : ''}>Operation</option>
    </select>
    <button type="submit">Show</button>
  </form>`;

/** The link to the same figures as a CSV file. */
export const usageCsvHref = (usage: Pick<UsageReport, 'from' | 'to' | 'groupBy'>) =>
  `/account/usage.csv?${new URLSearchParams({ from: usage.from, to: usage.to, groupBy: usage.groupBy }).toString()}`;

const figures = (f: Omit<UsageLine, 'key'>) =>
  html`<td>${number(f.calls)}</td>
    <td>${number(f.creditsCharged)}</td>
    <td>${number(f.refunds)}</td>
    <td>${number(f.creditsRefunded)}</td>`;

const keyCell = (groupBy: GroupBy, key: string) =>
  groupBy === 'day'
    ? html`<th scope="row"><time datetime="${key}">${DateTime.fromISO(key, { zone }).toFormat('ccc d LLL yyyy')}</time></th>`
    : html`<th scope="row"><code>${key}</code></th>`;

const usageTable = (usage: UsageReport): Html =>
  html`<table id="usage">
    <caption>
      ${usage.groupBy === 'day' ? 'Calls and credits by day' : 'Calls and credits by operation'}
    </caption>
    <thead>
      <tr>
        <th scope="col">${usage.groupBy === 'day' ? 'Day' : 'Operation'}</th>
        <th scope="col">Calls</th>
        <th scope="col">Credits charged</th>
        <th scope="col">Refunds</th>
        <th scope="col">Credits refunded</th>
      </tr>
    </thead>
    <tbody>
      ${usageLines(usage).map(
        (l) =>
          html`<tr data-key="${l.key}">
            ${keyCell(usage.groupBy, l.key)}${figures(l)}
          </tr>`,
      )}
    </tbody>
    <tfoot>
      <tr>
        <th scope="row">Total</th>
        ${figures(usage.totals)}
      </tr>
    </tfoot>
  </table>`;

const asOfText = (asOf: string | null) =>
  asOf
    ? `Credits include your account’s ledger events up to ${DateTime.fromISO(asOf, { zone }).toFormat('d LLL yyyy, HH:mm:ss')} (UK time).`
    : 'No credits have been charged or refunded on your account yet.';

/** The usage over the range asked, or the form alone with what was wrong with the range. */
export const usagePage = (asked: UsageAsked, usage: UsageReport | undefined, errors: FieldErrors = {}): Html =>
  html`${errorSummary(errors)} ${rangeForm(asked, errors)}
  ${
    usage &&
    html`<p>
        ${asOfText(usage.asOf)} Calls are counted as they are answered and written within a second. A call refused for its rate limit is not
        counted.
      </p>
      <p><a href="${usageCsvHref(usage)}" download>Download these figures (CSV)</a></p>
      ${
        usage.groupBy === 'day' &&
        barChart(
          usageLines(usage).map((l) => ({ day: l.key, creditsCharged: l.creditsCharged, calls: l.calls })),
          chartSize,
        )
      }
      ${usage.rows.length === 0 ? html`<p id="no-usage">No calls or credits in these days.</p>` : usageTable(usage)}`
  }`;

import { DateTime } from 'luxon';
import { html, type Html } from '../html';

// The statements list, and what a statement address that names no statement is answered with.

const monthName = (month: string) => DateTime.fromFormat(month, 'yyyy-MM', { zone: 'utc', locale: 'en-GB' }).toFormat('LLLL yyyy');

/** One row a month, newest first: this month's is to date. */
export const statementsPage = (months: readonly string[], thisMonth: string): Html =>
  html`<p>
      A statement shows a month's credits, Purchase Balance and payments: where they opened, every movement, and where they closed, with the
      calls you made. This month's runs to the time you download it; a past month's is final. The CSV holds the same figures for a
      spreadsheet.
    </p>
    <table id="statements">
      <caption>
        Your monthly statements
      </caption>
      <thead>
        <tr>
          <th scope="col">Month</th>
          <th scope="col">PDF</th>
          <th scope="col">CSV</th>
        </tr>
      </thead>
      <tbody>
        ${months.map((m) => {
          const name = `${monthName(m)}${m === thisMonth ? ' (to date)' : ''}`;
          return html`<tr>
            <td>${name}</td>
            <td><a href="/account/statements/${m}.pdf" aria-label="${name}, PDF">PDF</a></td>
            <td><a href="/account/statements/${m}.csv" aria-label="${name}, CSV">CSV</a></td>
          </tr>`;
        })}
      </tbody>
    </table>`;

export const noStatementPage = (): Html =>
  html`<p class="notice">There is no statement for that month: your account has statements from the month it opened to this one.</p>
    <p><a href="/account/statements">Your statements</a></p>`;

export const badMonthPage = (): Html =>
  html`<p class="notice">A statement's address names its month as year and month, like 2026-05.</p>
    <p><a href="/account/statements">Your statements</a></p>`;

export const busyPage = (): Html =>
  html`<p class="notice">Many statements are being made just now. Try again in a minute.</p>
    <p><a href="/account/statements">Your statements</a></p>`;

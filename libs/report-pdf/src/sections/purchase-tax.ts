import { capitalised, longDate, money, percent, words } from '../format';
import { columns, facts, paragraph, table } from '../layout';
import { defineDrawer } from './section';

// The purchase tax a buyer would pay at the estimated value: the total, the bands it came from, any surcharge or
// relief, and the official sources of the rates.

export const purchaseTax = defineDrawer('finance_purchase_tax', ({ doc, brand }, data) => {
  facts(doc, [
    ['Tax due', money(data.tax)],
    ['Effective rate', percent(data.effectiveRate)],
    ['Tax', `${data.taxTitle} (${data.taxName})`],
    ['Collected by', data.authority],
    ['At a price of', money(data.input.price)],
    ['Buyer', capitalised(words(data.input.buyerType))],
    ['Effective date', longDate(data.input.transactionDate)],
    ['Rates from', longDate(data.ratesEffectiveFrom)],
  ]);
  table(
    doc,
    columns([
      ['Band', 4],
      ['Rate', 1.5, 'right'],
      ['Taxable amount', 2.5, 'right'],
      ['Tax', 2.5, 'right'],
    ]),
    data.bands.map((b) => [
      b.to === null ? `Above ${money(b.from)}` : `${money(b.from)} to ${money(b.to)}`,
      percent(b.ratePercent),
      money(b.taxableAmount),
      money(b.tax),
    ]),
    brand,
  );
  for (const s of data.surcharges) paragraph(doc, `${s.name}: ${percent(s.ratePercent)} (${words(s.basis)}), ${money(s.amount)}.`);
  for (const r of data.reliefs) paragraph(doc, `${r.name}: ${r.applied ? `saves ${money(r.saving)}` : 'not applied'}. ${r.reason}`);
  for (const note of data.notes) paragraph(doc, note, 'italic', 8.5);
});

import { capitalised, longDate, money, monthYear, orDash, percent, squareMetres, words } from '../format';
import { columns, facts, paragraph, subheading, table } from '../layout';
import { caption, defineDrawer } from './section';

// The automated valuation: the estimate and its 80% range, how sure the model is, the index it used, the home's own
// last sale, and the comparables with their indexed prices.

const indexText = (index: { method: 'uk-hpi' | 'repeat-sales'; area: string; pairs: number | null; lastMonth: string | null }) =>
  index.method === 'uk-hpi'
    ? `UK House Price Index, ${index.area}${index.lastMonth ? ` (to ${monthYear(index.lastMonth)})` : ''}`
    : `Repeat-sales index of ${index.area}${index.pairs === null ? '' : ` (${index.pairs} pairs)`}`;

/** What a valuation did without, as the reader reads it. */
const missingText = {
  'own-sale': 'an earlier sale of the home',
  'floor-area': 'its floor area',
  'property-type': 'its kind of home',
  'postcode-sales': 'sales in its postcode',
} as const;

export const valuation = defineDrawer('property_valuation', ({ doc, brand }, data) => {
  facts(doc, [
    ['Estimated value', money(data.estimatedValue)],
    ['80% range', `${money(data.range.low)} to ${money(data.range.high)}`],
    ['Confidence score', `${data.confidence.score} of 100`],
    ['Standard error', percent(data.confidence.standardErrorPercent)],
    ['Valuation date', longDate(data.valuationDate)],
    ['Property type', capitalised(words(data.property.propertyType))],
    ['Floor area', orDash(data.property.floorArea, squareMetres)],
    ['Valued without', data.missing.length > 0 ? data.missing.map((m) => missingText[m]).join(', ') : 'Nothing missing'],
    ['Index', indexText(data.index)],
    ['Look-back', `${data.lookBack.months} months, ${longDate(data.lookBack.from)} to ${longDate(data.lookBack.to)}`],
  ]);
  caption(
    doc,
    "The range is an 80% interval by the model's own error estimate; the score is 100 × exp(−σ / 0.25). An automated " +
      'valuation, not a RICS valuation (see the disclaimer).',
  );
  if (data.ownSale) {
    subheading(doc, "The home's last sale");
    facts(doc, [
      ['Sold on', longDate(data.ownSale.transactionDate)],
      ['Price paid', money(data.ownSale.price)],
      ['Indexed to the date', money(data.ownSale.indexedPrice)],
      ['Weight in the estimate', percent(data.ownSale.weightPercent)],
    ]);
  }
  if (data.adjustments) {
    paragraph(
      doc,
      `Adjusted for ${data.adjustments.extensionArea} m² of extension and ${percent(data.adjustments.renovationUplift)} renovation: ` +
        `${money(data.adjustments.baseValue)} → ${money(data.adjustments.adjustedValue)}.`,
    );
  }
  subheading(doc, `Comparables (${data.comparables.length})`);
  if (data.comparables.length === 0) {
    paragraph(doc, 'No comparable sale in the look-back: the estimate rests on the home’s own last sale.');
    return;
  }
  table(
    doc,
    columns([
      ['Address', 5],
      ['Sold on', 2.4],
      ['Price', 1.8, 'right'],
      ['Indexed price', 1.9, 'right'],
      ['Weight', 1.3, 'right'],
    ]),
    data.comparables.map((c) => [
      `${c.address}, ${c.postcode}`,
      longDate(c.transactionDate),
      money(c.price),
      money(c.adjustedPrice),
      percent(c.weightPercent),
    ]),
    brand,
  );
});

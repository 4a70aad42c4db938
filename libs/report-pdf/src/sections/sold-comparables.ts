import { drawTimeChart } from '../charts/line-chart';
import { dateIndex, monthIndex } from '../charts/ticks';
import { capitalised, longDate, money, orDash, squareMetres, words } from '../format';
import { columns, paragraph, table } from '../layout';
import type { DataOf } from '../model';
import { assembledSection, caption, defineDrawer } from './section';

// The postcode's registered sales, as a chart of each sale against the area's average price from the House Price
// Index (both in pounds, on one axis, so the two can be read together) and as a table.

const hpiColour = '#555555';

export const soldComparables = defineDrawer('property_sold_comparables', ({ doc, model, brand }, data) => {
  paragraph(doc, `${data.totalResults} registered sales in ${data.postcode} over the last ${data.period}.`, 'bold');
  if (data.comparables.length === 0) return;
  const hpiSection = assembledSection(model, 'house_price_index');
  const hpi = hpiSection ? (hpiSection.data as DataOf<'market_house_price_index'>) : null;
  const hpiPoints = (hpi?.series ?? []).flatMap((m) => (m.averagePrice === null ? [] : [{ x: monthIndex(m.month), y: m.averagePrice }]));
  const sales = data.comparables.map((c) => ({ x: dateIndex(c.transactionDate), y: c.price }));
  const xs = [...sales.map((p) => Math.floor(p.x)), ...hpiPoints.map((p) => p.x)];
  drawTimeChart(doc, {
    series: [
      ...(hpiPoints.length > 0
        ? [
            {
              label: `Average price, ${hpi?.area.name ?? hpi?.area.code} (UK HPI)`,
              colour: hpiColour,
              kind: 'line' as const,
              points: hpiPoints,
            },
          ]
        : []),
      { label: 'Sales in the postcode', colour: brand, kind: 'dot', points: sales },
    ],
    fromMonth: Math.min(...xs),
    toMonth: Math.max(...xs),
    valueLabel: money,
  });
  caption(doc, 'Each dot is one registered sale at its date of transfer; the line is the index’s average price for the area, all types.');
  table(
    doc,
    columns([
      ['Address', 5],
      ['Sold on', 2.4],
      ['Price', 1.8, 'right'],
      ['Type', 1.9],
      ['Floor area', 1.5, 'right'],
      ['EPC', 0.8],
    ]),
    data.comparables.map((c) => [
      c.address,
      longDate(c.transactionDate),
      money(c.price),
      `${capitalised(words(c.propertyType))}${c.newBuild ? ', new' : ''}`,
      orDash(c.floorArea, squareMetres),
      c.energyRating ?? '–',
    ]),
    brand,
  );
});

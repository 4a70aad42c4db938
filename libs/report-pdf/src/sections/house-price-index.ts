import { drawTimeChart } from '../charts/line-chart';
import { monthIndex } from '../charts/ticks';
import { capitalised, count, money, monthYear, orDash, percent, words } from '../format';
import { columns, facts, table } from '../layout';
import { caption, defineDrawer } from './section';

// The UK House Price Index for the area: the average price over the months asked for, and the latest year's months
// in a table with their changes.

const tableMonths = 12;

export const housePriceIndex = defineDrawer('market_house_price_index', ({ doc, brand }, data) => {
  const published = data.series.filter((m) => m.averagePrice !== null);
  const latest = published[published.length - 1];
  facts(doc, [
    ['Area', `${data.area.name ?? data.area.code} (${data.area.code})`],
    ['Property type', capitalised(words(data.propertyType))],
    ['Months', `${monthYear(data.from)} to ${monthYear(data.to)}`],
    ['Latest average price', latest ? `${money(latest.averagePrice as number)} (${monthYear(latest.month)})` : '–'],
  ]);
  if (published.length > 1) {
    drawTimeChart(doc, {
      series: [
        {
          label: 'Average price',
          colour: brand,
          kind: 'line',
          points: published.map((m) => ({ x: monthIndex(m.month), y: m.averagePrice as number })),
        },
      ],
      fromMonth: monthIndex(data.from),
      toMonth: monthIndex(data.to),
      valueLabel: money,
      heightPt: 150,
    });
  }
  table(
    doc,
    columns([
      ['Month', 2.2],
      ['Average price', 2, 'right'],
      ['Index', 1.4, 'right'],
      ['1 month', 1.4, 'right'],
      ['12 months', 1.4, 'right'],
      ['Sales', 1.2, 'right'],
    ]),
    data.series
      .slice(-tableMonths)
      .map((m) => [
        monthYear(m.month),
        orDash(m.averagePrice, money),
        orDash(m.index, String),
        orDash(m.change1mPercent, percent),
        orDash(m.change12mPercent, percent),
        orDash(m.salesVolume, count),
      ]),
    brand,
  );
  caption(
    doc,
    'A month the index has not yet published is shown as –; sales volumes of recent months are revised as registrations arrive.',
  );
});

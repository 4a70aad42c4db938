import { drawTimeChart } from '../charts/line-chart';
import { monthIndex } from '../charts/ticks';
import { longDate, monthYear, orDash, percent, percentagePoints } from '../format';
import { columns, facts, table } from '../layout';
import { defineDrawer } from './section';

// The money market around the figures: Bank Rate on the date, quoted mortgage rates and inflation over the year.

const lineColours = ['#555555', '#1f77b4', '#2ca02c', '#d62728', '#9467bd', '#8c564b'] as const;
const percentAxis = (v: number) => percent(v);

export const bankRate = defineDrawer('market_bank_rate', ({ doc, brand }, data) => {
  facts(doc, [
    ['Bank Rate', orDash(data.ratePercent, percent)],
    ['On', orDash(data.date, longDate)],
    ['In force since', orDash(data.inForceSince, longDate)],
    ['Latest observation', longDate(data.latestObservation)],
  ]);
  if (data.changes.length > 0)
    table(
      doc,
      columns([
        ['Changed on', 3],
        ['Rate', 2, 'right'],
        ['Change', 2, 'right'],
      ]),
      data.changes.map((c) => [longDate(c.date), percent(c.ratePercent), orDash(c.changePercentagePoints, percentagePoints)]),
      brand,
    );
});

export const mortgageRates = defineDrawer('market_mortgage_rates', ({ doc, brand }, data) => {
  drawTimeChart(doc, {
    series: data.products.map((p, i) => ({
      label: p.description,
      colour: i === 0 ? brand : (lineColours[i % lineColours.length] as string),
      kind: 'line' as const,
      points: p.months.map((m) => ({ x: monthIndex(m.month), y: m.ratePercent })),
    })),
    fromMonth: monthIndex(data.from),
    toMonth: monthIndex(data.to),
    valueLabel: percentAxis,
    heightPt: 150,
  });
  table(
    doc,
    columns([
      ['Product', 5],
      ['Series', 1.6],
      ['Latest month', 2],
      ['Rate', 1.2, 'right'],
    ]),
    data.products.map((p) => {
      const last = p.months[p.months.length - 1];
      return [p.description, p.seriesCode, last ? monthYear(last.month) : '–', last ? percent(last.ratePercent) : '–'];
    }),
    brand,
  );
});

export const inflation = defineDrawer('market_inflation', ({ doc, brand }, data) => {
  const series = (['cpi', 'cpih'] as const).map((key, i) => ({
    label: `${key.toUpperCase()} annual rate`,
    colour: i === 0 ? brand : '#555555',
    kind: 'line' as const,
    points: data.months.flatMap((m) =>
      m[key].annualRatePercent === null ? [] : [{ x: monthIndex(m.month), y: m[key].annualRatePercent as number }],
    ),
  }));
  drawTimeChart(doc, {
    series,
    fromMonth: monthIndex(data.from),
    toMonth: monthIndex(data.to),
    valueLabel: percentAxis,
    heightPt: 140,
    fromZero: true,
  });
  table(
    doc,
    columns([
      ['Month', 2],
      ['CPI annual rate', 2, 'right'],
      ['CPI index', 1.6, 'right'],
      ['CPIH annual rate', 2, 'right'],
      ['CPIH index', 1.6, 'right'],
    ]),
    data.months.map((m) => [
      monthYear(m.month),
      orDash(m.cpi.annualRatePercent, percent),
      orDash(m.cpi.index, String),
      orDash(m.cpih.annualRatePercent, percent),
      orDash(m.cpih.index, String),
    ]),
    brand,
  );
});

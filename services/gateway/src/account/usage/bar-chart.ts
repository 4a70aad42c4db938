import { niceTicks } from '@pds/report-pdf';
import { DateTime } from 'luxon';
import { html, type Html } from '../web/html';

// The usage chart, drawn on the server as SVG (no script, nothing the page's CSP refuses: presentation attributes, no
// style attributes). Credits charged per day as wide bars, calls as thin bars beside them, on one axis of counts whose
// ticks are the PDF renderer's, so a statement's chart and this one read alike. Each bar carries its figures in a
// `<title>`; the page shows the same figures in a table for anyone who cannot see the chart.

export interface UsageBar {
  /** ISO date, a UK calendar day. */
  day: string;
  creditsCharged: number;
  calls: number;
}

export interface ChartSize {
  widthPx: number;
  heightPx: number;
}

/** Room for the y axis's labels on the left and the days' labels below. */
export const chartMarginsPx = { left: 48, right: 8, top: 8, bottom: 40 } as const;
export const barColours = { credits: '#0b4f9c', calls: '#b35900' } as const;
/** At most this many intervals on the y axis; a count is never split below 1. */
const yIntervalsMax = 5;
/** A day label takes about this much room; fewer labels are drawn when the days are too many. */
const dayLabelPx = 44;

const round = (n: number) => Number(n.toFixed(2));
const dayOf = (iso: string, format: string) => DateTime.fromISO(iso, { zone: 'Europe/London' }).toFormat(format);
const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;

/** The y axis: whole-number ticks from 0 covering the highest bar (0 to 1 when every bar is 0). */
export const countTicks = (highest: number) => {
  const high = Math.max(1, Math.ceil(highest));
  return niceTicks(0, high, Math.min(yIntervalsMax, high));
};

/** What a day's bars say when pointed at: "14 May 2026: 37 credits, 12 calls". */
export const barTitle = (bar: UsageBar) =>
  `${dayOf(bar.day, 'd LLLL yyyy')}: ${plural(bar.creditsCharged, 'credit', 'credits')}, ${plural(bar.calls, 'call', 'calls')}`;

/** The chart of `bars` (one a day, in order) at the size asked; `id` names its title and description. */
export const barChart = (bars: readonly UsageBar[], { widthPx, heightPx }: ChartSize, id = 'usage-chart'): Html => {
  const m = chartMarginsPx;
  const plotWidth = widthPx - m.left - m.right;
  const plotHeight = heightPx - m.top - m.bottom;
  if (plotWidth <= 0 || plotHeight <= 0) throw new Error(`a chart of ${widthPx}×${heightPx} px has no room to plot`);
  const ticks = countTicks(Math.max(0, ...bars.map((b) => Math.max(b.creditsCharged, b.calls))));
  const yOf = (value: number) => round(m.top + plotHeight - (value / ticks.max) * plotHeight);
  const slot = plotWidth / Math.max(1, bars.length);
  const labelEvery = Math.max(1, Math.ceil(dayLabelPx / slot));
  const first = bars[0];
  const last = bars.at(-1);
  const span = first && last ? `${dayOf(first.day, 'd LLL yyyy')} to ${dayOf(last.day, 'd LLL yyyy')}` : 'No days';
  const sum = (name: 'creditsCharged' | 'calls') => bars.reduce((total, b) => total + b[name], 0);
  const description =
    `${span}: ${plural(sum('creditsCharged'), 'credit', 'credits')} charged, ${plural(sum('calls'), 'call', 'calls')}. ` +
    'The table below gives every day’s figures.';

  const bar = (b: UsageBar, i: number) => {
    const title = barTitle(b);
    const x = m.left + i * slot;
    const rect = (value: number, offset: number, width: number, fill: string, kind: string) =>
      html`<rect
        class="${kind}"
        x="${round(x + offset * slot)}"
        y="${yOf(value)}"
        width="${round(width * slot)}"
        height="${round(m.top + plotHeight - yOf(value))}"
        fill="${fill}"
        ><title>${title}</title></rect
      >`;
    return html`${rect(b.creditsCharged, 0.1, 0.55, barColours.credits, 'credits')}${rect(b.calls, 0.7, 0.2, barColours.calls, 'calls')}${
      i % labelEvery === 0 &&
      html`<text x="${round(x + slot / 2)}" y="${m.top + plotHeight + 16}" text-anchor="middle">${dayOf(b.day, 'd LLL')}</text>`
    }`;
  };
  const tick = (value: number) =>
    html`<line x1="${m.left}" x2="${widthPx - m.right}" y1="${yOf(value)}" y2="${yOf(value)}" stroke="#c4c4c4" /><text
        x="${m.left - 6}"
        y="${yOf(value) + 4}"
        text-anchor="end"
        >${value}</text
      >`;
  const legendY = heightPx - 8;

  return html`<svg
    xmlns="http://www.w3.org/2000/svg"
    width="${widthPx}"
    height="${heightPx}"
    viewBox="0 0 ${widthPx} ${heightPx}"
    role="img"
    aria-labelledby="${id}-title ${id}-desc"
    font-family="sans-serif"
    font-size="11"
    fill="#1b1b1b"
  >
    <title id="${id}-title">Credits charged and calls per day</title>
    <desc id="${id}-desc">${description}</desc>
    ${ticks.values.map(tick)} ${bars.map(bar)}
    <rect x="${m.left}" y="${legendY - 9}" width="10" height="10" fill="${barColours.credits}" />
    <text x="${m.left + 14}" y="${legendY}">Credits charged</text>
    <rect x="${m.left + 120}" y="${legendY - 9}" width="4" height="10" fill="${barColours.calls}" />
    <text x="${m.left + 130}" y="${legendY}">Calls</text>
  </svg>`;
};

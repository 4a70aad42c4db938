import { shortMonthYear } from '../format';
import { contentWidthPt, ensureSpace, margin, type Doc } from '../layout';
import { legend, linearScale, xAxis, yAxis, type Frame } from './axes';
import { monthOfIndex, niceTicks } from './ticks';

// A chart over time on one value axis: monthly lines (an index's average price, a rate) and dated points (sales),
// in vector paths. x is a month index (see ticks.ts); y shares one unit, so every series must be in it.

export interface TimeSeries {
  label: string;
  colour: string;
  kind: 'line' | 'dot';
  points: ReadonlyArray<{ x: number; y: number }>;
}

export interface TimeChart {
  series: readonly TimeSeries[];
  /** The months shown, as month indices; the first and last are the axis ends. */
  fromMonth: number;
  toMonth: number;
  valueLabel: (v: number) => string;
  heightPt?: number;
  /** Start the value axis at zero (counts, rates) rather than near the data (prices). */
  fromZero?: boolean;
}

const axisLabelWidthPt = 64;

/** Month ticks: every 1, 2, 3, 6 or 12 months so that at most eight are labelled. */
export const monthTickStep = (months: number): number => [1, 2, 3, 6, 12, 24, 60].find((step) => months / step <= 8) ?? 120;

export const drawTimeChart = (doc: Doc, chart: TimeChart) => {
  const values = chart.series.flatMap((s) => s.points.map((p) => p.y));
  if (values.length === 0) return;
  const heightPt = chart.heightPt ?? 200;
  ensureSpace(doc, heightPt + 40);
  const frame: Frame = { xPt: margin.left + axisLabelWidthPt, yPt: doc.y + 16, widthPt: contentWidthPt - axisLabelWidthPt - 8, heightPt };
  const ticks = niceTicks(chart.fromZero ? Math.min(0, ...values) : Math.min(...values), Math.max(...values), 5);
  // Half a month of room at each end so the first and last points do not sit on the frame.
  const x = { min: chart.fromMonth - 0.5, max: chart.toMonth + 0.5 };
  const scale = linearScale(frame, x, ticks);
  legend(
    doc,
    frame.xPt,
    frame.yPt - 14,
    chart.series.map((s) => ({ label: s.label, colour: s.colour, kind: s.kind })),
  );
  yAxis(doc, frame, scale, ticks, chart.valueLabel);
  const step = monthTickStep(chart.toMonth - chart.fromMonth + 1);
  const marks = [];
  for (let m = Math.ceil(chart.fromMonth / step) * step; m <= chart.toMonth; m += step)
    marks.push({ xPt: scale.toX(m), label: shortMonthYear(monthOfIndex(m)) });
  xAxis(doc, frame, marks);
  for (const s of chart.series) {
    if (s.kind === 'line') {
      // A gap in a monthly series (a month not published) breaks the line rather than bridging it.
      let drawing = false;
      let previousX = -Infinity;
      for (const p of s.points) {
        if (drawing && p.x - previousX > 1.5) {
          doc.lineWidth(1.5).strokeColor(s.colour).stroke();
          drawing = false;
        }
        if (drawing) doc.lineTo(scale.toX(p.x), scale.toY(p.y));
        else doc.moveTo(scale.toX(p.x), scale.toY(p.y));
        drawing = true;
        previousX = p.x;
      }
      if (drawing) doc.lineWidth(1.5).strokeColor(s.colour).stroke();
    } else {
      for (const p of s.points) doc.circle(scale.toX(p.x), scale.toY(p.y), 2.6).fillOpacity(0.8).fill(s.colour);
      doc.fillOpacity(1);
    }
  }
  doc.x = margin.left;
  doc.y = frame.yPt + frame.heightPt + 24;
};

import { count } from '../format';
import { contentWidthPt, ensureSpace, ink, margin, style, type Doc } from '../layout';

// Horizontal bars: one per category, largest first as given, the figure printed at the end of each bar as text.

export interface Bar {
  label: string;
  value: number;
  /** The figure printed at the bar's end; the count by default. */
  text?: string;
  colour?: string;
}

export interface BarChart {
  bars: readonly Bar[];
  colour: string;
  /** The value a full-width bar stands for; the largest bar's by default. */
  maxValue?: number;
  labelWidthPt?: number;
  barHeightPt?: number;
}

export const drawBarChart = (doc: Doc, chart: BarChart) => {
  const labelWidthPt = chart.labelWidthPt ?? 170;
  const barHeightPt = chart.barHeightPt ?? 11;
  const rowPt = barHeightPt + 5;
  const barMaxPt = contentWidthPt - labelWidthPt - 50;
  const maxValue = chart.maxValue ?? Math.max(1, ...chart.bars.map((b) => b.value));
  for (const bar of chart.bars) {
    ensureSpace(doc, rowPt);
    const y = doc.y;
    style(doc, 'body', 8).text(bar.label, margin.left, y + (barHeightPt - 8) / 2, {
      width: labelWidthPt - 8,
      align: 'right',
      lineBreak: false,
    });
    const widthPt = (bar.value / maxValue) * barMaxPt;
    const x = margin.left + labelWidthPt;
    doc.rect(x, y, barMaxPt, barHeightPt).fill(ink.band);
    if (widthPt > 0) doc.rect(x, y, widthPt, barHeightPt).fill(bar.colour ?? chart.colour);
    style(doc, 'bold', 8).text(bar.text ?? count(bar.value), x + widthPt + 4, y + (barHeightPt - 8) / 2, { lineBreak: false });
    doc.y = y + rowPt;
  }
  doc.x = margin.left;
  doc.moveDown(0.5);
};

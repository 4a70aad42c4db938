import { ink, style, type Doc } from '../layout';
import type { Ticks } from './ticks';

// A chart's plot area and the mapping of data to it; the axes and their labels, drawn as text so they read back.

export interface Frame {
  xPt: number;
  yPt: number;
  widthPt: number;
  heightPt: number;
}

export interface Scale {
  toX: (value: number) => number;
  toY: (value: number) => number;
}

export const linearScale = (frame: Frame, x: { min: number; max: number }, y: { min: number; max: number }): Scale => ({
  toX: (v) => frame.xPt + ((v - x.min) / (x.max - x.min || 1)) * frame.widthPt,
  toY: (v) => frame.yPt + frame.heightPt - ((v - y.min) / (y.max - y.min || 1)) * frame.heightPt,
});

/** Horizontal grid lines at each y tick, labelled on the left with `label`. */
export const yAxis = (doc: Doc, frame: Frame, scale: Scale, ticks: Ticks, label: (v: number) => string) => {
  for (const v of ticks.values) {
    const y = scale.toY(v);
    doc
      .moveTo(frame.xPt, y)
      .lineTo(frame.xPt + frame.widthPt, y)
      .lineWidth(0.3)
      .strokeColor(ink.rule)
      .stroke();
    style(doc, 'body', 7, ink.muted).text(label(v), frame.xPt - 64, y - 3.5, { width: 60, align: 'right', lineBreak: false });
  }
};

/** Tick marks and labels under the plot at the given positions. */
export const xAxis = (doc: Doc, frame: Frame, marks: ReadonlyArray<{ xPt: number; label: string }>) => {
  const baseline = frame.yPt + frame.heightPt;
  doc
    .moveTo(frame.xPt, baseline)
    .lineTo(frame.xPt + frame.widthPt, baseline)
    .lineWidth(0.6)
    .strokeColor(ink.muted)
    .stroke();
  for (const { xPt, label } of marks) {
    doc
      .moveTo(xPt, baseline)
      .lineTo(xPt, baseline + 3)
      .lineWidth(0.6)
      .strokeColor(ink.muted)
      .stroke();
    style(doc, 'body', 7, ink.muted).text(label, xPt - 30, baseline + 5, { width: 60, align: 'center', lineBreak: false });
  }
};

export interface LegendEntry {
  label: string;
  colour: string;
  kind: 'line' | 'dot';
}

/** A one-line legend at (x, y). */
export const legend = (doc: Doc, xPt: number, yPt: number, entries: readonly LegendEntry[]) => {
  let x = xPt;
  for (const entry of entries) {
    if (entry.kind === 'line')
      doc
        .moveTo(x, yPt + 4)
        .lineTo(x + 16, yPt + 4)
        .lineWidth(1.5)
        .strokeColor(entry.colour)
        .stroke();
    else doc.circle(x + 8, yPt + 4, 2.5).fill(entry.colour);
    style(doc, 'body', 7.5).text(entry.label, x + 20, yPt, { lineBreak: false });
    x += 28 + doc.widthOfString(entry.label);
  }
};

// pdf.js returns a page as positioned runs of text in drawing order, which need not be reading order (a footer drawn
// last, a number column drawn before its text). Lines are rebuilt from positions: runs whose baselines agree belong
// to one line, lines run top to bottom, and runs within a line left to right.

export interface TextRun {
  readonly text: string;
  /** Left edge and baseline in PDF points (y grows upwards). */
  readonly x: number;
  readonly y: number;
  readonly width: number;
  /** Font size in points; 0 when pdf.js could not tell. */
  readonly height: number;
}

const baselineToleranceFraction = 0.4;
const baselineToleranceMinPt = 1.5;
const wordGapFraction = 0.15;

interface Row {
  y: number;
  height: number;
  runs: TextRun[];
}

const sameRow = (row: Row, run: TextRun) => {
  const tolerancePt = Math.max(baselineToleranceMinPt, baselineToleranceFraction * Math.max(row.height, run.height));
  return Math.abs(row.y - run.y) <= tolerancePt;
};

const joinRow = (row: Row): string => {
  const runs = [...row.runs].sort((a, b) => a.x - b.x);
  let line = '';
  let endX: number | null = null;
  for (const run of runs) {
    const gapPt = endX === null ? 0 : run.x - endX;
    const needsSpace = endX !== null && gapPt > wordGapFraction * Math.max(row.height, 1) && !/\s$/.test(line) && !/^\s/.test(run.text);
    line += (needsSpace ? ' ' : '') + run.text;
    endX = run.x + run.width;
  }
  return line.replace(/\s+/g, ' ').trim();
};

/** The lines of one page, top to bottom. */
export const runsToLines = (runs: readonly TextRun[]): string[] => {
  const rows: Row[] = [];
  const visible = runs.filter((r) => r.text.trim() !== '').sort((a, b) => b.y - a.y || a.x - b.x);
  for (const run of visible) {
    const row = rows.find((r) => sameRow(r, run));
    if (row) {
      row.runs.push(run);
      row.height = Math.max(row.height, run.height);
    } else rows.push({ y: run.y, height: run.height, runs: [run] });
  }
  return rows
    .sort((a, b) => b.y - a.y)
    .map(joinRow)
    .filter((line) => line !== '');
};

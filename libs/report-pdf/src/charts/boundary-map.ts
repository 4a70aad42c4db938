import { scaleRatio } from '../format';
import { ink, style, type Doc } from '../layout';

// A polygon in British National Grid metres drawn to a true scale on the printed A4 page: 1 m on the ground is
// 72 / 0.0254 / ratio points on paper (72 pt to the inch, 0.0254 m to the inch). The ratio is the smallest round one
// at which the polygon's extent fits the frame, so the drawing is as large as a round scale allows.

export const pointsPerMetreOfPaper = 72 / 0.0254;

/** The round ratios a map is drawn at, largest drawing first. */
export const roundRatios = [200, 250, 500, 1000, 1250, 2500, 5000, 10000, 25000, 50000] as const;

/** Round lengths a scale bar may show, in metres. */
export const scaleBarLengthsM = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000] as const;

/** Points on the page per metre on the ground at 1:`ratio`. */
export const pointsPerGroundMetre = (ratio: number) => pointsPerMetreOfPaper / ratio;

/** The smallest round ratio at which `widthM` × `heightM` fits inside `frameWidthPt` × `frameHeightPt`. */
export const chooseScale = (widthM: number, heightM: number, frameWidthPt: number, frameHeightPt: number): number => {
  const needed = Math.max((widthM * pointsPerMetreOfPaper) / frameWidthPt, (heightM * pointsPerMetreOfPaper) / frameHeightPt);
  const ratio = roundRatios.find((r) => r >= needed);
  if (ratio === undefined) throw new Error(`a ${widthM} × ${heightM} m extent is too large to draw on a page`);
  return ratio;
};

/** The longest round length whose bar is at most `maxPt` long at 1:`ratio`. */
export const chooseScaleBar = (ratio: number, maxPt: number): { lengthM: number; lengthPt: number } => {
  const fitting = scaleBarLengthsM.filter((m) => m * pointsPerGroundMetre(ratio) <= maxPt);
  const lengthM = fitting[fitting.length - 1] ?? scaleBarLengthsM[0];
  return { lengthM, lengthPt: lengthM * pointsPerGroundMetre(ratio) };
};

/** A bar's blocks: five for a length of 1 or 5 × 10^k, four for 2 × 10^k (so each block is a round length too). */
export const scaleBarBlocks = (lengthM: number) => (String(lengthM).startsWith('2') ? 4 : 5);

export interface BoundaryMap {
  /** Rings of [eastings, northings], the exterior first. */
  rings: ReadonlyArray<ReadonlyArray<readonly [number, number]>>;
  point: { eastings: number; northings: number } | null;
  colour: string;
  frame: { xPt: number; yPt: number; widthPt: number; heightPt: number };
}

const extentOf = (rings: BoundaryMap['rings']) => {
  const all = rings.flat();
  if (all.length < 3) throw new Error('a polygon needs at least three points');
  const es = all.map(([e]) => e);
  const ns = all.map(([, n]) => n);
  return { minE: Math.min(...es), maxE: Math.max(...es), minN: Math.min(...ns), maxN: Math.max(...ns) };
};

/** Draws the map (the scale bar below the frame, the north arrow to its right) and returns the ratio it was drawn at. */
export const drawBoundaryMap = (doc: Doc, map: BoundaryMap): number => {
  const { frame } = map;
  const extent = extentOf(map.rings);
  const ratio = chooseScale(extent.maxE - extent.minE, extent.maxN - extent.minN, frame.widthPt, frame.heightPt);
  const ptPerM = pointsPerGroundMetre(ratio);
  const centreE = (extent.minE + extent.maxE) / 2;
  const centreN = (extent.minN + extent.maxN) / 2;
  // Grid north is up the page: northings grow upwards, the page's y downwards.
  const toX = (e: number) => frame.xPt + frame.widthPt / 2 + (e - centreE) * ptPerM;
  const toY = (n: number) => frame.yPt + frame.heightPt / 2 - (n - centreN) * ptPerM;

  doc.rect(frame.xPt, frame.yPt, frame.widthPt, frame.heightPt).lineWidth(0.5).strokeColor(ink.rule).stroke();
  for (const ring of map.rings) {
    ring.forEach(([e, n], i) => (i === 0 ? doc.moveTo(toX(e), toY(n)) : doc.lineTo(toX(e), toY(n))));
    doc.closePath();
  }
  doc.fillOpacity(0.15).lineWidth(1.5).fillAndStroke(map.colour, map.colour, 'even-odd');
  doc.fillOpacity(1);
  if (map.point) doc.circle(toX(map.point.eastings), toY(map.point.northings), 3).fill('#000000');

  // Outside the frame, so neither hides a polygon that fills it.
  drawNorthArrow(doc, frame.xPt + frame.widthPt + 30, frame.yPt + 10);
  drawScaleBar(doc, ratio, frame.xPt, frame.yPt + frame.heightPt + 22, frame.widthPt * 0.4);
  return ratio;
};

const drawNorthArrow = (doc: Doc, xPt: number, yPt: number) => {
  doc.polygon([xPt, yPt + 8], [xPt + 7, yPt + 30], [xPt, yPt + 25], [xPt - 7, yPt + 30]).fill('#000000');
  style(doc, 'bold', 10).text('N', xPt - 4, yPt - 4, { lineBreak: false });
};

const drawScaleBar = (doc: Doc, ratio: number, xPt: number, yPt: number, maxPt: number) => {
  const { lengthM, lengthPt } = chooseScaleBar(ratio, maxPt);
  const blocks = scaleBarBlocks(lengthM);
  const blockPt = lengthPt / blocks;
  for (let i = 0; i < blocks; i++) {
    doc.rect(xPt + i * blockPt, yPt, blockPt, 5).fillAndStroke(i % 2 === 0 ? '#000000' : '#ffffff', '#000000');
  }
  style(doc, 'body', 7.5).text('0', xPt - 2, yPt + 8, { lineBreak: false });
  doc.text(`${lengthM} m`, xPt + lengthPt - 8, yPt + 8, { lineBreak: false });
  style(doc, 'body', 7.5, ink.muted).text(`Scale ${scaleRatio(ratio)}`, xPt, yPt - 12, { lineBreak: false });
};

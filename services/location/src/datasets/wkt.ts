// Well-known text as planning.data.gov.uk publishes its `geometry` and `point` fields (WGS84 longitude latitude, 6
// decimals): POINT, POLYGON or MULTIPOLYGON, with or without a space before the parenthesis. Checked here, whole,
// before it reaches PostgreSQL, so that one malformed geometry is a rejected row with its line rather than a failed
// COPY of the whole file.

export type WktType = 'POINT' | 'POLYGON' | 'MULTIPOLYGON';

/** Why the text is not a POINT, POLYGON or MULTIPOLYGON of WGS84 coordinates, or undefined when it is one. */
export const wktProblem = (text: string): string | undefined => {
  const m = /^\s*(POINT|POLYGON|MULTIPOLYGON)\s*(\(.*\))\s*$/is.exec(text);
  if (!m) return `not a POINT, POLYGON or MULTIPOLYGON: ${JSON.stringify(text.slice(0, 40))}`;
  const type = m[1]!.toUpperCase() as WktType;
  const depth = { POINT: 1, POLYGON: 2, MULTIPOLYGON: 3 }[type];
  let at = 0;
  const body = m[2]!;
  const skip = () => {
    while (body[at] === ' ') at++;
  };
  const ring: string[] = [];
  const coordinate = (): string | undefined => {
    skip();
    const c = /^(-?\d+(?:\.\d+)?) +(-?\d+(?:\.\d+)?)/.exec(body.slice(at));
    if (!c) return `a coordinate expected at ${at}`;
    const [lon, lat] = [Number(c[1]), Number(c[2])];
    if (Math.abs(lon) > 180 || Math.abs(lat) > 90) return `${c[1]} ${c[2]} is not a longitude and latitude`;
    ring.push(`${lon} ${lat}`);
    at += c[0].length;
    return undefined;
  };
  /** A parenthesised list at `level` (1: coordinates; more: lists of lists). */
  const list = (level: number): string | undefined => {
    skip();
    if (body[at] !== '(') return `"(" expected at ${at}`;
    at++;
    let count = 0;
    if (level === 1) ring.length = 0;
    for (;;) {
      const problem = level === 1 ? coordinate() : list(level - 1);
      if (problem) return problem;
      count++;
      skip();
      if (body[at] === ',') {
        at++;
        continue;
      }
      if (body[at] !== ')') return `"," or ")" expected at ${at}`;
      at++;
      break;
    }
    if (level === 1 && type !== 'POINT' && count < 4) return `a ring of ${count} points`;
    if (level === 1 && type !== 'POINT' && ring[0] !== ring.at(-1)) return 'a ring that does not close';
    if (level === 1 && type === 'POINT' && count !== 1) return 'a point of more than one coordinate';
    return undefined;
  };
  const problem = list(depth);
  if (problem) return `${type}: ${problem}`;
  skip();
  return at === body.length ? undefined : `${type}: text after the geometry`;
};

// A house price index from repeat sales (the method of Bailey, Muth and Nourse, 1963, on which the Case-Shiller and the
// former HM Land Registry index were built): a home sold twice says how much prices moved between its two sales, so
// with many such pairs the movement of every quarter can be solved for. For each pair (sold in quarter a for p1, in
// quarter b for p2): β[b] − β[a] ≈ ln(p2 / p1), β[0] = 0. Least squares, with a small penalty on the change from one
// quarter to the next so that a quarter with few pairs follows its neighbours instead of its noise. The index of
// quarter q is exp(β[q]).

export interface RepeatSale {
  /** Quarter numbers (see quarterOf) of the earlier and the later sale. */
  from: number;
  to: number;
  /** ln(later price / earlier price). */
  logChange: number;
}

/** Quarters since January 1995 (HM Land Registry's Price Paid begins then): 1995 Q1 = 0. */
export const quarterOf = (date: string): number => (Number(date.slice(0, 4)) - 1995) * 4 + Math.floor((Number(date.slice(5, 7)) - 1) / 3);

/** How strongly consecutive quarters are tied together (in the units of squared log change). */
const smoothing = 4;

export interface PriceIndex {
  /** The index of a quarter (1995 Q1 = 1); a quarter after the last solved takes the last. */
  at: (quarter: number) => number;
  lastQuarter: number;
  pairs: number;
}

/** Solves the index over quarters 0 to `lastQuarter` from the pairs given (each within those quarters). */
export const repeatSalesIndex = (pairs: readonly RepeatSale[], lastQuarter: number): PriceIndex => {
  const n = lastQuarter; // unknowns β[1..lastQuarter]; β[0] = 0
  if (n <= 0) return { at: () => 1, lastQuarter: Math.max(lastQuarter, 0), pairs: pairs.length };
  // Normal equations (AᵀA + λDᵀD) β = Aᵀy, over unknowns 1..n stored at 0..n-1.
  const m = Array.from({ length: n }, () => new Float64Array(n));
  const rhs = new Float64Array(n);
  const add = (i: number, j: number, v: number) => {
    if (i > 0 && j > 0) m[i - 1]![j - 1]! += v;
  };
  const term = (a: number, b: number, y: number, weight: number) => {
    // A row with +1 at b and −1 at a.
    add(b, b, weight);
    add(a, a, weight);
    add(a, b, -weight);
    add(b, a, -weight);
    if (b > 0) rhs[b - 1]! += weight * y;
    if (a > 0) rhs[a - 1]! -= weight * y;
  };
  for (const p of pairs) if (p.from !== p.to) term(p.from, p.to, p.logChange, 1);
  for (let q = 1; q <= n; q++) term(q - 1, q, 0, smoothing);
  const beta = solve(m, rhs);
  const levels = [0, ...beta];
  return {
    at: (quarter) => Math.exp(levels[Math.min(Math.max(quarter, 0), n)]!),
    lastQuarter: n,
    pairs: pairs.length,
  };
};

/** Gaussian elimination with partial pivoting (the matrix is symmetric positive definite: the penalty sees to that). */
const solve = (m: Float64Array[], rhs: Float64Array): number[] => {
  const n = rhs.length;
  const a = m.map((row) => Float64Array.from(row));
  const b = Float64Array.from(rhs);
  for (let c = 0; c < n; c++) {
    let pivot = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(a[r]![c]!) > Math.abs(a[pivot]![c]!)) pivot = r;
    [a[c], a[pivot]] = [a[pivot]!, a[c]!];
    [b[c], b[pivot]] = [b[pivot]!, b[c]!];
    const rowC = a[c]!;
    for (let r = c + 1; r < n; r++) {
      const rowR = a[r]!;
      const f = rowR[c]! / rowC[c]!;
      if (f === 0) continue;
      for (let k = c; k < n; k++) rowR[k]! -= f * rowC[k]!;
      b[r]! -= f * b[c]!;
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let s = b[r]!;
    for (let k = r + 1; k < n; k++) s -= a[r]![k]! * x[k]!;
    x[r] = s / a[r]![r]!;
  }
  return x;
};

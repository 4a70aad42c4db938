/** The nearest-rank percentile `p` of figures sorted ascending. */
export const percentile = (sortedMs: number[], p: number) =>
  sortedMs[Math.min(sortedMs.length - 1, Math.ceil((p / 100) * sortedMs.length) - 1)] as number;

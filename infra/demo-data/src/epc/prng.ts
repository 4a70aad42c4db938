// A seeded pseudo-random generator (mulberry32), so that the synthetic files come out the same on every run.

export interface Random {
  /** In [0, 1). */
  next(): number;
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Items by weight: `[[item, weight], …]`. */
  weighted<T>(items: ReadonlyArray<readonly [T, number]>): T;
}

export const seededRandom = (seed: number): Random => {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const random: Random = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    pick: (items) => items[Math.floor(next() * items.length)] as (typeof items)[number],
    weighted: (items) => {
      const total = items.reduce((sum, [, w]) => sum + w, 0);
      let at = next() * total;
      for (const [item, w] of items) {
        at -= w;
        if (at < 0) return item;
      }
      return items[items.length - 1]![0];
    },
  };
  return random;
};

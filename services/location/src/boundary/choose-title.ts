import type { Candidate, TitleCandidate } from '@pds/contracts';

// Which of the registry's titles for a property the boundary belongs to. INSPIRE index polygons are of freehold titles,
// so leasehold titles are never the answer; among the freeholds the caller's `titleNumber` decides when there are more
// than one.

export type TitleChoice =
  | { kind: 'chosen'; title: { titleNumber: string; tenure: string; matchedAddress: string } | null }
  | { kind: 'ambiguous'; candidates: Candidate[] }
  | { kind: 'not_matched'; freeholds: string[] };

export const chooseTitle = (titles: readonly TitleCandidate[], titleNumber?: string): TitleChoice => {
  const freeholds = titles.filter((t) => t.tenure?.toLowerCase() === 'freehold');
  const shown = (t: TitleCandidate) => ({
    titleNumber: t.titleNumber,
    tenure: t.tenure ?? 'freehold',
    matchedAddress: t.matchedAddress ?? '',
  });
  if (titleNumber !== undefined) {
    const wanted = freeholds.find((t) => t.titleNumber === titleNumber);
    return wanted ? { kind: 'chosen', title: shown(wanted) } : { kind: 'not_matched', freeholds: freeholds.map((t) => t.titleNumber) };
  }
  if (freeholds.length > 1) return { kind: 'ambiguous', candidates: freeholds.map(shown) };
  return { kind: 'chosen', title: freeholds[0] ? shown(freeholds[0]) : null };
};

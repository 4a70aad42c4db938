import type { PostcodeAreas, ResolvedPlace } from './resolve-place';

// A postcode's 2021 census areas (LSOA, MSOA), which the Indices of Deprivation 2025 and the Census 2021 tables are
// published for. ONSPD gives them directly. The postcode lookup here gives 2011's; ONS kept the code of every area
// left unchanged in 2021 and gave every changed one (split, merged, redrawn) a new code, so a 2011 code that is also
// a 2021 area's code (`is2021Code`, asked of a dataset published for 2021 areas) is the same area. A postcode in a
// changed area has no 2021 area without ONSPD: that is said, not guessed.

export type Area2021 = { code: string; via: 'onspd' | 'unchanged_since_2011' } | { unresolved: string };

export const area2021Of = async (
  place: Pick<ResolvedPlace, 'postcode' | 'lsoa' | 'msoa' | 'areas2021'> | PostcodeAreas,
  level: 'lsoa' | 'msoa',
  is2021Code: (code: string) => Promise<boolean>,
): Promise<Area2021> => {
  const fromOnspd = place.areas2021?.[level];
  if (fromOnspd) return { code: fromOnspd, via: 'onspd' };
  const area = place[level];
  if (!area) return { unresolved: `no postcode dataset serving gives the ${level.toUpperCase()} of ${place.postcode ?? 'this place'}` };
  if (area.census === 2021) return { code: area.code, via: 'onspd' };
  if (await is2021Code(area.code)) return { code: area.code, via: 'unchanged_since_2011' };
  return {
    unresolved:
      `${place.postcode ?? 'this place'} lies in ${level.toUpperCase()} ${area.code} of 2011, which was changed for the 2021 census; ` +
      'its 2021 area is known only from the ONS Postcode Directory (import `onspd`)',
  };
};

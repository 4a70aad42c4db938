import type { PostcodeResult } from '../../rest/reference-data';
import type { z } from '../../zod';
import type { codepointPostcodes, onsPostcodeAreas, onspdPostcodes } from './contract';

// One postcode's answer from whichever postcode datasets hold it. ONSPD is the richest (ONS's own coordinates, live
// and terminated); Code-Point Open gives OS's position for live GB postcodes; the ONS lookup gives dates and the census
// areas with their names. Each field comes from the first that has it, and `datasets` says which were used.

type Codepoint = z.output<typeof codepointPostcodes.row>;
type Areas = z.output<typeof onsPostcodeAreas.row>;
type Onspd = Omit<z.output<typeof onspdPostcodes.row>, 'published'>;

export interface PostcodeRows {
  codepoint?: Codepoint;
  areas?: Areas;
  onspd?: Onspd;
}

const countries: Record<string, string> = {
  E92000001: 'England',
  W92000004: 'Wales',
  S92000003: 'Scotland',
  N92000002: 'Northern Ireland',
  L93000001: 'Channel Islands',
  M83000003: 'Isle of Man',
};

/**
 * GSS codes say their country by their first letter (E06000038: England); ONS's pseudo-codes for the Channel Islands
 * and the Isle of Man (L99999999, M99999999) by theirs too.
 */
const countryOfCode = (code: string | null | undefined) =>
  code ? Object.entries(countries).find(([c]) => c[0] === code[0] && /^[EWSNLM]/.test(code))?.[0] : undefined;

/** `199507` → `1995-07`. */
const month = (yyyymm: string | null | undefined) => (yyyymm && /^\d{6}$/.test(yyyymm) ? `${yyyymm.slice(0, 4)}-${yyyymm.slice(4)}` : null);

const area = (code: string | null | undefined, name: string | null | undefined) => (code ? { code, name: name ?? null } : null);

export const postcodeAnswer = (postcode: string, rows: PostcodeRows): { data: PostcodeResult; datasets: string[] } | undefined => {
  const { codepoint, areas, onspd } = rows;
  if (!codepoint && !areas && !onspd) return undefined;
  const onspdPosition = onspd?.latitude !== null && onspd?.latitude !== undefined ? onspd : undefined;
  const codepointPosition = codepoint && codepoint.positional_quality !== 90 ? codepoint : undefined;
  const position = onspdPosition ?? codepointPosition;
  const ladCode = onspd?.lad_code ?? areas?.lad_code ?? codepoint?.admin_district_code ?? null;
  const countryCode = onspd?.country_code ?? codepoint?.country_code ?? countryOfCode(ladCode) ?? null;
  // The lookup's areas and names; ONSPD's codes (without names) for a postcode the lookup does not hold.
  const lsoa = areas ? area(areas.lsoa_code, areas.lsoa_name) : area(onspd?.lsoa21cd ?? onspd?.lsoa11cd, null);
  const msoa = areas ? area(areas.msoa_code, areas.msoa_name) : area(onspd?.msoa21cd ?? onspd?.msoa11cd, null);
  const census = areas ? areas.census : onspd?.lsoa21cd ? 2021 : onspd?.lsoa11cd ? 2011 : null;
  const doterm = onspd ? onspd.doterm : (areas?.doterm ?? null);
  const used = [codepoint && 'codepoint-open', areas && 'ons-postcode-lookup', onspd && 'onspd'].filter((d): d is string => Boolean(d));
  return {
    datasets: used,
    data: {
      postcode,
      latitude: position?.latitude ?? null,
      longitude: position?.longitude ?? null,
      eastings: position?.eastings ?? null,
      northings: position?.northings ?? null,
      positionalQuality: codepoint?.positional_quality ?? null,
      country: countryCode && countries[countryCode] ? { code: countryCode, name: countries[countryCode] } : null,
      // A name only where the lookup names this very code (authorities are renamed and merged between releases).
      localAuthority: ladCode ? { code: ladCode, name: areas?.lad_code === ladCode ? (areas.lad_name ?? null) : null } : null,
      lsoa,
      msoa,
      census,
      // Code-Point Open lists only live postcodes: a postcode only it holds is live.
      terminated: Boolean(doterm),
      introduced: month(onspd?.dointr ?? areas?.dointr),
      terminatedAt: month(doterm),
    },
  };
};

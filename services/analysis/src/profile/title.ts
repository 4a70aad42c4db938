import { landRegistry, type ProfileTitle, type TitleCandidate } from '@pds/contracts';

// The profile's title: which of the registry's titles for the property is its own. A house's own title is its
// freehold, a flat's its lease: when the registry holds several titles (a flat's lease and its block's freehold, a
// house and a strip of land behind it), the one title of the tenure such a property holds is matched and the others
// are shown beside it; two of that tenure, or none, is for a person to settle (`multiple_titles`).

const codes = landRegistry.landRegistryErrorCodes;

const candidateOf = (t: TitleCandidate) => ({
  titleNumber: t.titleNumber,
  ...(t.tenure ? { tenure: t.tenure } : {}),
  ...(t.matchedAddress ? { matchedAddress: t.matchedAddress } : {}),
});

const tenureOf = (t: TitleCandidate) => t.tenure?.toLowerCase();

/** The title from the registry's titles for the property; `isFlat`: the address dataset classes it as a flat. */
export const profileTitleOf = (titles: readonly TitleCandidate[], isFlat: boolean): ProfileTitle => {
  if (titles.length === 0) {
    return {
      status: 'no_match',
      reason: 'NO_REGISTERED_TITLE',
      message: 'HM Land Registry holds no title for the property: the land may be unregistered.',
    };
  }
  if (titles.length === 1) return { status: 'matched', ...candidateOf(titles[0]!) };
  const wanted = isFlat ? 'leasehold' : 'freehold';
  const ofTenure = titles.filter((t) => tenureOf(t) === wanted);
  const candidates = titles.map(candidateOf);
  if (ofTenure.length === 1) return { status: 'matched', ...candidateOf(ofTenure[0]!), candidates };
  return {
    status: 'multiple_titles',
    reason: 'MULTIPLE_TITLES',
    message:
      `HM Land Registry holds ${titles.length} titles for the property` +
      (ofTenure.length > 1 ? `, ${ofTenure.length} of them ${wanted}s` : `, none of them ${wanted}`) +
      '; which the property is in is for a person to confirm.',
    candidates,
  };
};

/** The title when the registry could not be asked: delayed (with when to ask again), failed, or not in time. */
export const titleNotHad = (error: { code: string; message: string; retryAfter?: string }): ProfileTitle =>
  error.code === codes.registryDelayed && error.retryAfter
    ? { status: 'delayed', reason: error.code, message: error.message, retryAfter: error.retryAfter }
    : { status: 'unavailable', reason: error.code, message: error.message };

/**
 * The legal tenure, from the registry alone: the matched title's, or the one every candidate shares (a house with two
 * freehold titles is freehold whichever is its own). Never the occupancy an energy assessor recorded.
 */
export const legalTenureOf = (title: ProfileTitle): string | undefined => {
  if (title.status === 'matched') return title.tenure?.toLowerCase();
  if (title.status !== 'multiple_titles') return undefined;
  const tenures = new Set((title.candidates ?? []).map((c) => c.tenure?.toLowerCase()));
  const [only] = tenures;
  return tenures.size === 1 ? only : undefined;
};

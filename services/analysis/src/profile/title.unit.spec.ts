import { legalTenureOf, profileTitleOf, titleNotHad } from './title';

// The registry test environment's titles (infra/src/registry-simulator/titles/dataset.ts): a house with two freehold
// titles, and a leasehold flat with the freehold of its block.
const house = { titleNumber: 'BK302250', tenure: 'freehold', matchedAddress: '250 Oxford Road, Reading RG30 1AB' };
const rear = { titleNumber: 'BK302251', tenure: 'freehold', matchedAddress: 'Land at the rear of 250 Oxford Road, Reading RG30 1AB' };
const flat = { titleNumber: 'NGL918273', tenure: 'leasehold', matchedAddress: 'Flat 7, Hawthorn Court, 22 Ellery Road, London NW5 9ZZ' };
const block = { titleNumber: 'NGL402216', tenure: 'freehold', matchedAddress: 'Hawthorn Court, 22 Ellery Road, London NW5 9ZZ' };

describe("the profile's title", () => {
  it('matches the one title the registry holds, whatever its tenure', () => {
    expect(profileTitleOf([house], false)).toEqual({ status: 'matched', ...house });
    expect(profileTitleOf([flat], false)).toEqual({ status: 'matched', ...flat });
  });

  it("matches a flat's lease, not its block's freehold, and shows both", () => {
    expect(profileTitleOf([block, flat], true)).toEqual({ status: 'matched', ...flat, candidates: [block, flat] });
    expect(legalTenureOf(profileTitleOf([block, flat], true))).toBe('leasehold');
  });

  it("matches a house's freehold over a lease of part of it", () => {
    expect(profileTitleOf([flat, house], false)).toEqual({ status: 'matched', ...house, candidates: [flat, house] });
  });

  it('leaves two freeholds of a house to a person, with both, and still says the tenure they share', () => {
    const title = profileTitleOf([house, rear], false);
    expect(title).toEqual({
      status: 'multiple_titles',
      reason: 'MULTIPLE_TITLES',
      message: expect.stringMatching(/^HM Land Registry holds 2 titles for the property, 2 of them freeholds;/),
      candidates: [house, rear],
    });
    expect(legalTenureOf(title)).toBe('freehold');
  });

  it('leaves a flat with no lease among its titles to a person, and says no tenure for mixed candidates', () => {
    const title = profileTitleOf([house, rear], true);
    expect(title.status).toBe('multiple_titles');
    expect(title.message).toMatch(/none of them leasehold/);
    // Two leases of a flat (a lease and an underlease, say) and its block's freehold: a person decides, and the
    // candidates' tenures differ, so no legal tenure is said.
    const twoLeases = profileTitleOf([flat, { ...flat, titleNumber: 'NGL918274' }, block], true);
    expect(twoLeases.status).toBe('multiple_titles');
    expect(legalTenureOf(twoLeases)).toBeUndefined();
  });

  it('says when the registry holds none: the land may be unregistered, and no tenure', () => {
    const title = profileTitleOf([], false);
    expect(title).toMatchObject({ status: 'no_match', reason: 'NO_REGISTERED_TITLE' });
    expect(legalTenureOf(title)).toBeUndefined();
  });

  it('carries a delay with when to ask again, and any other failure as unavailable', () => {
    const retryAfter = '2026-11-26T14:02:00+00:00';
    const delayed = titleNotHad({ code: 'LAND_REGISTRY_DELAYED', message: 'HM Land Registry has delayed this request.', retryAfter });
    expect(delayed).toEqual({
      status: 'delayed',
      reason: 'LAND_REGISTRY_DELAYED',
      message: 'HM Land Registry has delayed this request.',
      retryAfter,
    });
    expect(titleNotHad({ code: 'LAND_REGISTRY_ERROR', message: 'HM Land Registry did not answer properly.' })).toEqual({
      status: 'unavailable',
      reason: 'LAND_REGISTRY_ERROR',
      message: 'HM Land Registry did not answer properly.',
    });
    expect(legalTenureOf(delayed)).toBeUndefined();
  });
});

import { area2021Of } from './census-areas-2021';

// How a postcode's 2021 LSOA is found, from what the postcode datasets say of it.

const place = (over: object = {}) => ({
  postcode: 'RG30 1AA',
  lsoa: { code: 'E01016360', name: 'Reading 007D', census: 2011 },
  msoa: { code: 'E02003395', name: 'Reading 007', census: 2011 },
  areas2021: null,
  ...over,
});
const known =
  (...codes: string[]) =>
  async (code: string) =>
    codes.includes(code);

describe("a postcode's 2021 census area", () => {
  it("is ONSPD's own where ONSPD holds the postcode, whatever the lookup says", async () => {
    expect(await area2021Of(place({ areas2021: { lsoa: 'E01035001', msoa: null } }), 'lsoa', known())).toEqual({
      code: 'E01035001',
      via: 'onspd',
    });
  });

  it("is the lookup's 2011 area when its code is a 2021 area's (unchanged since 2011)", async () => {
    expect(await area2021Of(place(), 'lsoa', known('E01016360'))).toEqual({ code: 'E01016360', via: 'unchanged_since_2011' });
    expect(await area2021Of(place(), 'msoa', known('E02003395'))).toEqual({ code: 'E02003395', via: 'unchanged_since_2011' });
  });

  it('is unknown, and says why, when the 2011 area changed and ONSPD is not there', async () => {
    const found = await area2021Of(place(), 'lsoa', known('E01099999'));
    expect(found).toEqual({ unresolved: expect.stringContaining('LSOA E01016360 of 2011, which was changed for the 2021 census') });
    expect(await area2021Of(place({ lsoa: null }), 'lsoa', known())).toEqual({
      unresolved: expect.stringContaining('no postcode dataset'),
    });
  });

  it("takes a 2021 area the datasets already give as 2021's", async () => {
    expect(await area2021Of(place({ lsoa: { code: 'E01035001', name: null, census: 2021 } }), 'lsoa', known())).toEqual({
      code: 'E01035001',
      via: 'onspd',
    });
  });
});

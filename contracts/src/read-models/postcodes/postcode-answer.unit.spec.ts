import { postcodeAnswer } from './postcode-answer';

// Rows as the datasets hold them, quoted from the shared real files (Code-Point Open 2025.2.0 rg.csv; the ONS lookup
// of May 2022; the ONSPD 2025 sample), and the answer each field should take from them.

const codepoint = {
  postcode: 'RG30 1AA',
  positional_quality: 10,
  eastings: 470248,
  northings: 173483,
  country_code: 'E92000001',
  nhs_regional_ha_code: 'E19000002',
  nhs_ha_code: 'E18000009',
  admin_county_code: null,
  admin_district_code: 'E06000038',
  admin_ward_code: 'E05013865',
  latitude: 51.455978,
  longitude: -0.990349,
};
const areas = {
  postcode: 'RG30 1AA',
  pcd7: 'RG301AA',
  pcd8: 'RG30 1AA',
  dointr: '199507',
  doterm: null,
  usertype: 0,
  census: 2011,
  oa_code: 'E00082636',
  lsoa_code: 'E01016360',
  msoa_code: 'E02003395',
  lad_code: 'E06000038',
  lsoa_name: 'Reading 007D',
  msoa_name: 'Reading 007',
  lad_name: 'Reading',
  lad_name_welsh: null,
};

describe('a postcode answer from the postcode datasets', () => {
  it("takes Code-Point's position and the lookup's areas, dates and names", () => {
    expect(postcodeAnswer('RG30 1AA', { codepoint, areas })).toEqual({
      datasets: ['codepoint-open', 'ons-postcode-lookup'],
      data: {
        postcode: 'RG30 1AA',
        latitude: 51.455978,
        longitude: -0.990349,
        eastings: 470248,
        northings: 173483,
        positionalQuality: 10,
        country: { code: 'E92000001', name: 'England' },
        localAuthority: { code: 'E06000038', name: 'Reading' },
        lsoa: { code: 'E01016360', name: 'Reading 007D' },
        msoa: { code: 'E02003395', name: 'Reading 007' },
        census: 2011,
        terminated: false,
        introduced: '1995-07',
        terminatedAt: null,
      },
    });
  });

  it("prefers ONSPD's published coordinates, and reports a terminated postcode with its dates", () => {
    // ONSPD: AB1 0AA,…,198001,199606,…,385386,0801193,1,…,57.101474,-2.242851 (terminated June 1996).
    const onspd = {
      postcode: 'AB1 0AA',
      dointr: '198001',
      doterm: '199606',
      usertype: 0,
      eastings: 385386,
      northings: 801193,
      grid_quality: 1,
      country_code: 'S92000003',
      region_code: 'S99999999',
      lad_code: 'S12000033',
      ward_code: 'S13002843',
      lsoa11cd: 'S01006514',
      msoa11cd: 'S02001237',
      lsoa21cd: null,
      msoa21cd: null,
      latitude: 57.101474,
      longitude: -2.242851,
    };
    const lookup = { ...areas, postcode: 'AB1 0AA', dointr: '198001', doterm: '199606', lad_code: 'S12000033', lad_name: 'Aberdeen City' };
    const { data, datasets } = postcodeAnswer('AB1 0AA', { onspd, areas: lookup })!;
    expect(datasets).toEqual(['ons-postcode-lookup', 'onspd']);
    expect(data).toMatchObject({
      latitude: 57.101474,
      longitude: -2.242851,
      eastings: 385386,
      northings: 801193,
      positionalQuality: null,
      country: { code: 'S92000003', name: 'Scotland' },
      localAuthority: { code: 'S12000033', name: 'Aberdeen City' },
      terminated: true,
      introduced: '1980-01',
      terminatedAt: '1996-06',
    });
  });

  it('names no authority whose code the lookup does not hold (renamed or merged since)', () => {
    const { data } = postcodeAnswer('RG30 1AA', { codepoint: { ...codepoint, admin_district_code: 'E06000099' } })!;
    expect(data.localAuthority).toEqual({ code: 'E06000099', name: null });
    expect(data.lsoa).toBeNull();
  });

  it('gives no position for a postcode OS cannot place, and nothing for a postcode no dataset holds', () => {
    const unplaced = postcodeAnswer('RG30 1AA', {
      codepoint: { ...codepoint, positional_quality: 90, eastings: 0, northings: 0, latitude: null, longitude: null },
    })!;
    expect([unplaced.data.latitude, unplaced.data.eastings]).toEqual([null, null]);
    expect(postcodeAnswer('ZZ1 1ZZ', {})).toBeUndefined();
  });
  it("places the Channel Islands and the Isle of Man by ONS's pseudo-codes (GY1 1AA, IM1 1AA as the lookup has them)", () => {
    const pseudo = (postcode: string, code: string, name: string, doterm: string | null) => ({
      ...areas,
      postcode,
      pcd7: postcode,
      pcd8: postcode.replace(' ', '  '),
      dointr: '199405',
      doterm,
      usertype: 1,
      oa_code: code,
      lsoa_code: code,
      msoa_code: code,
      lad_code: code,
      lsoa_name: `(pseudo) ${name}`,
      msoa_name: `(pseudo) ${name}`,
      lad_name: `Pseudo (${name})`,
    });
    const guernsey = postcodeAnswer('GY1 1AA', { areas: pseudo('GY1 1AA', 'L99999999', 'Channel Islands', null) });
    expect(guernsey?.data.country).toEqual({ code: 'L93000001', name: 'Channel Islands' });
    const douglas = postcodeAnswer('IM1 1AA', { areas: pseudo('IM1 1AA', 'M99999999', 'Isle of Man', '199912') });
    expect(douglas?.data.country).toEqual({ code: 'M83000003', name: 'Isle of Man' });
  });
});

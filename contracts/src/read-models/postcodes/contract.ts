import { z } from '../../zod';
import { defineReadModel } from '../read-model';

// The postcode datasets as the location service loads them from the publishers' files: each dataset's view, one row per
// postcode (normalised). The gateway and the analysis service read them through the published queries beside.

const text = z.string().nullable();

export const codepointPostcodes = defineReadModel({
  relation: 'codepoint_postcodes',
  owner: 'location',
  readers: ['gateway', 'analysis'],
  description: 'OS Code-Point Open: live GB postcodes with their National Grid position (and WGS84), country and admin codes.',
  row: z.object({
    postcode: z.string(),
    positional_quality: z.number().int(),
    eastings: z.number().int(),
    northings: z.number().int(),
    country_code: text,
    nhs_regional_ha_code: text,
    nhs_ha_code: text,
    admin_county_code: text,
    admin_district_code: text,
    admin_ward_code: text,
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
  }),
});

export const onsPostcodeAreas = defineReadModel({
  relation: 'ons_postcode_areas',
  owner: 'location',
  readers: ['gateway', 'analysis'],
  description: 'The ONS postcode lookup: UK postcodes, live and terminated, with dates and census areas with their names.',
  row: z.object({
    postcode: z.string(),
    pcd7: z.string(),
    pcd8: z.string(),
    dointr: text,
    doterm: text,
    usertype: z.number().int().nullable(),
    census: z.number().int(),
    oa_code: text,
    lsoa_code: text,
    msoa_code: text,
    lad_code: text,
    lsoa_name: text,
    msoa_name: text,
    lad_name: text,
    lad_name_welsh: text,
  }),
});

export const onspdPostcodes = defineReadModel({
  relation: 'onspd_postcodes',
  owner: 'location',
  readers: ['gateway', 'analysis'],
  description:
    "The ONS Postcode Directory: UK postcodes, live and terminated, with ONSPD's coordinates and codes (and every published column).",
  row: z.object({
    postcode: z.string(),
    dointr: text,
    doterm: text,
    usertype: z.number().int().nullable(),
    eastings: z.number().int().nullable(),
    northings: z.number().int().nullable(),
    grid_quality: z.number().int().nullable(),
    country_code: text,
    region_code: text,
    lad_code: text,
    ward_code: text,
    lsoa11cd: text,
    msoa11cd: text,
    lsoa21cd: text,
    msoa21cd: text,
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    published: z.record(z.string(), z.string()),
  }),
});

import { z } from '../../zod';
import { defineReadModel } from '../read-model';

// The address dataset and the INSPIRE index polygons, each dataset's view as the location service loads it. Read through
// the queries beside (autocomplete, the one property resolver, the polygon under a point) by the gateway, the location
// service's own answers (the address lookup, the boundary, the EPC lookup) and the analysis service's judgements.

const text = z.string().nullable();

export const addresses = defineReadModel({
  relation: 'addresses',
  owner: 'location',
  readers: ['gateway', 'analysis', 'land-registry-orders'],
  description:
    'AddressBase Plus: postal addresses with UPRN, position (National Grid and ETRS89), Royal Mail fields, lines and search words.',
  row: z.object({
    uprn: z.string(),
    udprn: z.string().nullable(),
    parent_uprn: z.string().nullable(),
    class: text,
    x_coordinate: z.number(),
    y_coordinate: z.number(),
    latitude: z.number(),
    longitude: z.number(),
    country: z.string(),
    postcode: z.string(),
    organisation: text,
    sub_building: text,
    building_name: text,
    building_number: text,
    thoroughfare: text,
    line1: text,
    line2: text,
    line3: text,
    town: text,
    single_line: z.string(),
    search: z.string(),
  }),
});

export const inspireParcels = defineReadModel({
  relation: 'inspire_parcels',
  owner: 'location',
  readers: ['analysis'],
  description: "HM Land Registry's INSPIRE index polygons: freehold title extents, British National Grid and WGS84 (PostGIS).",
  row: z.object({
    inspire_id: z.string(),
    label: text,
    national_cadastral_reference: text,
    valid_from: z.string().nullable(),
    begin_lifespan: z.string().nullable(),
    geom: z.string(),
    geom_wgs84: z.string(),
  }),
});

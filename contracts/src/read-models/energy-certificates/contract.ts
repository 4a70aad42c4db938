import { z } from '../../zod';
import { defineReadModel } from '../read-model';

// The energy performance certificates of the register's bulk download, as the location service imports them.

const text = z.string().nullable();

export const energyCertificates = defineReadModel({
  relation: 'epc_domestic_certificates',
  owner: 'location',
  readers: ['analysis'],
  description:
    "Domestic energy performance certificates (MHCLG's bulk download): one row per certificate as published, anomaly markers as null.",
  row: z.object({
    certificate_number: z.string(),
    uprn: text,
    uprn_source: text,
    address1: text,
    address2: text,
    address3: text,
    address: z.string(),
    postcode: z.string(),
    post_town: text,
    local_authority: text,
    local_authority_label: text,
    current_energy_rating: text,
    potential_energy_rating: text,
    current_energy_efficiency: z.number().int().nullable(),
    potential_energy_efficiency: z.number().int().nullable(),
    property_type: text,
    built_form: text,
    inspection_date: z.date().nullable(),
    lodgement_date: z.date(),
    lodgement_datetime: z.date().nullable(),
    transaction_type: text,
    total_floor_area: z.number().nullable(),
    number_habitable_rooms: z.number().int().nullable(),
    construction_age_band: text,
    main_fuel: text,
    mainheat_description: text,
    tenure: text,
    report_type: text,
    published: z.record(z.string(), z.unknown()),
  }),
});

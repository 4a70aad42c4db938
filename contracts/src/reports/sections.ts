// The sections a report is made of, each answered by one operation of the API: the report asks the command that
// operation's handler sends, with the query recorded beside the section, so a caller can make that call and get the
// same figures.

export const reportTypes = ['property-pack', 'area-pack'] as const;
export type ReportType = (typeof reportTypes)[number];

export const sectionNames = [
  'identity',
  'valuation',
  'purchase_tax',
  'sold_comparables',
  'house_price_index',
  'energy_performance',
  'boundary',
  'title',
  'ground_risk',
  'crime',
  'schools',
  'deprivation',
  'area_statistics',
  'planning_constraints',
  'bank_rate',
  'mortgage_rates',
  'inflation',
] as const;
export type SectionName = (typeof sectionNames)[number];

export interface SectionSpec {
  name: SectionName;
  title: string;
  /** The operation whose answer the section is. */
  operationId: string;
  /** A core section that cannot be made fails the report (free); any other is listed as unavailable. */
  core: boolean;
}

const section = (name: SectionName, title: string, operationId: string, core = false): SectionSpec => ({ name, title, operationId, core });

/** Each type's sections, in the order the document presents them. */
export const reportPlans: Record<ReportType, readonly SectionSpec[]> = {
  'property-pack': [
    section('identity', 'The property', 'uprn_address_lookup', true),
    section('valuation', 'Automated valuation', 'property_valuation', true),
    section('purchase_tax', 'Purchase tax at the valuation', 'finance_purchase_tax'),
    section('sold_comparables', 'Sold prices nearby', 'property_sold_comparables'),
    section('house_price_index', 'House price index', 'market_house_price_index'),
    section('energy_performance', 'Energy performance', 'property_epc'),
    section('boundary', 'Boundary', 'property_boundary'),
    section('title', 'Registered titles', 'land_registry_title_lookup'),
    section('ground_risk', 'Ground risk', 'property_ground_risk'),
    section('crime', 'Crime', 'area_crime'),
    section('schools', 'Schools', 'area_schools'),
    section('deprivation', 'Deprivation', 'area_deprivation'),
    section('area_statistics', 'Area statistics', 'area_statistics'),
    section('planning_constraints', 'Planning constraints', 'area_planning_constraints'),
    section('bank_rate', 'Bank Rate', 'market_bank_rate'),
    section('mortgage_rates', 'Mortgage rates', 'market_mortgage_rates'),
  ],
  'area-pack': [
    section('identity', 'The postcode', 'postcode_lookup', true),
    section('sold_comparables', 'Sold prices', 'property_sold_comparables'),
    section('house_price_index', 'House price index', 'market_house_price_index'),
    section('crime', 'Crime', 'area_crime'),
    section('schools', 'Schools', 'area_schools'),
    section('deprivation', 'Deprivation', 'area_deprivation'),
    section('area_statistics', 'Area statistics', 'area_statistics'),
    section('planning_constraints', 'Planning constraints', 'area_planning_constraints'),
    section('ground_risk', 'Ground risk', 'property_ground_risk'),
    section('bank_rate', 'Bank Rate', 'market_bank_rate'),
    section('mortgage_rates', 'Mortgage rates', 'market_mortgage_rates'),
    section('inflation', 'Inflation', 'market_inflation'),
  ],
};

/** The fixed price of each type, in credits: below the sum of its operations' prices (see pricing.ts). */
export const reportPrices: Record<ReportType, number> = { 'property-pack': 90, 'area-pack': 15 };

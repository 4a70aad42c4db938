import { propertyRegisteredProprietors } from './registered-proprietors';
import {
  landRegistryDocumentAvailability,
  landRegistryOfficialCopyOrder,
  landRegistryOrderDocument,
  landRegistryOrderDocumentText,
  landRegistryOrderStatus,
  landRegistryTestRegisterExtraction,
  landRegistryTitleLookup,
} from './land-registry-operations';
import { addressAutocompleteFind, addressAutocompleteRetrieve, uprnAddressLookup } from './addresses';
import { propertyBoundary } from './property-boundary';
import { propertyEpc, propertyFloorArea } from './epc';
import { areaCrime } from './crime';
import { areaDeprivation } from './deprivation';
import { propertyGroundRisk } from './ground-risk';
import { areaPlanningConstraints } from './planning-constraints';
import { areaStatistics } from './area-statistics';
import { areaSchools } from './schools';
import { datasetsList, postcodeLookup } from './reference-data';
import { bankRate, housePriceIndex, inflation, mortgageRates } from './market';
import { purchaseTax } from './purchase-tax';
import { renovationUpliftCalculator } from './renovation-calculator';
import { propertySoldComparables } from './sold-comparables';
import { propertyValuation } from './valuation';
import { propertyAnalysis } from './property-analysis';
import { propertyCompliance } from './compliance';
import { propertyCouncilTax } from './council-tax';
import { propertyOwnership } from './ownership';
import { propertyProfile } from './property-profile';
import { openApiDocumentOperation } from './service-operations';

/** The operations that answer with data (every one but the jobs built from them: reports). */
export const dataOperations = {
  renovation_uplift_calculator: renovationUpliftCalculator,
  land_registry_title_lookup: landRegistryTitleLookup,
  land_registry_document_availability: landRegistryDocumentAvailability,
  land_registry_official_copy_order: landRegistryOfficialCopyOrder,
  land_registry_order_status: landRegistryOrderStatus,
  land_registry_order_document: landRegistryOrderDocument,
  land_registry_order_document_text: landRegistryOrderDocumentText,
  land_registry_test_register_extraction: landRegistryTestRegisterExtraction,
  datasets_list: datasetsList,
  postcode_lookup: postcodeLookup,
  property_boundary: propertyBoundary,
  uprn_address_lookup: uprnAddressLookup,
  address_autocomplete_find: addressAutocompleteFind,
  address_autocomplete_retrieve: addressAutocompleteRetrieve,
  property_epc: propertyEpc,
  property_floor_area: propertyFloorArea,
  area_crime: areaCrime,
  area_deprivation: areaDeprivation,
  property_ground_risk: propertyGroundRisk,
  area_planning_constraints: areaPlanningConstraints,
  area_statistics: areaStatistics,
  area_schools: areaSchools,
  property_sold_comparables: propertySoldComparables,
  property_valuation: propertyValuation,
  property_analysis: propertyAnalysis,
  property_compliance: propertyCompliance,
  property_council_tax: propertyCouncilTax,
  property_ownership: propertyOwnership,
  property_registered_proprietors: propertyRegisteredProprietors,
  property_profile: propertyProfile,
  finance_purchase_tax: purchaseTax,
  market_house_price_index: housePriceIndex,
  market_bank_rate: bankRate,
  market_mortgage_rates: mortgageRates,
  market_inflation: inflation,
  openapi_document: openApiDocumentOperation,
} as const;

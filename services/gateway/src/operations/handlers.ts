import { openApiDocument } from '@pds/contracts';
import { accountShowHandler } from '../routes/account/account-show';
import { accountUsageHandler } from '../routes/account/account-usage';
import { areaCrimeHandler } from '../routes/area/crime';
import { areaDeprivationHandler } from '../routes/area/deprivation';
import { soldComparablesHandler } from '../routes/property/sold-comparables';
import { valuationHandler } from '../routes/property/valuation';
import { propertyAnalysisHandler } from '../routes/property/analyse';
import { complianceHandler } from '../routes/property/compliance';
import { councilTaxHandler } from '../routes/property/council-tax';
import { ownershipHandler } from '../routes/property/ownership';
import { propertyProfileHandler } from '../routes/property/profile/profile';
import { groundRiskHandler } from '../routes/area/ground-risk';
import { planningConstraintsHandler } from '../routes/area/planning-constraints';
import { areaStatisticsHandler } from '../routes/area/statistics';
import { areaSchoolsHandler } from '../routes/area/schools';
import { floorAreaHandler, propertyEpcHandler } from '../routes/epc/lookups';
import { purchaseTaxHandler } from '../routes/finance/purchase-tax';
import { bankRateHandler, housePriceIndexHandler, inflationHandler, mortgageRatesHandler } from '../routes/market/market-data';
import { datasets } from '../routes/reference-data/datasets';
import { postcodes } from '../routes/reference-data/postcodes';
import { autocompleteFind, autocompleteRetrieve } from '../routes/addresses/autocomplete';
import { uprnLookup } from '../routes/addresses/uprn-lookup';
import { propertyBoundaryHandler } from '../routes/property/boundary';
import { renovationCalculator } from '../routes/renovation-calculator';
import { orderDocument, orderDocumentText, orderStatus } from '../routes/land-registry/order-reads';
import { testRegisterExtraction } from '../routes/land-registry/test-register-extraction';
import { documentAvailability, registeredProprietors, titleLookup } from '../routes/land-registry/title-lookups';
import { officialCopyOrder } from '../routes/land-registry/title-orders';
import { placeReport } from '../routes/reports/place-report';
import { reportDocumentHandler, reportListHandler, reportStatusHandler } from '../routes/reports/report-reads';
import { listDeliveries, retryWebhookDelivery } from '../routes/webhooks/deliveries';
import { createWebhook, listAccountWebhooks, removeWebhook } from '../routes/webhooks/registrations';
import type { Handlers, PublicHandlers } from './router';

/** The handler of each operation of the route table (contracts' `operations`); one missing does not compile. */
export const handlers: Handlers = {
  renovation_uplift_calculator: renovationCalculator,
  land_registry_title_lookup: titleLookup,
  land_registry_document_availability: documentAvailability,
  land_registry_official_copy_order: officialCopyOrder,
  land_registry_order_status: orderStatus,
  land_registry_order_document: orderDocument,
  land_registry_order_document_text: orderDocumentText,
  land_registry_test_register_extraction: testRegisterExtraction,
  datasets_list: datasets,
  postcode_lookup: postcodes,
  property_boundary: propertyBoundaryHandler,
  uprn_address_lookup: uprnLookup,
  address_autocomplete_find: autocompleteFind,
  address_autocomplete_retrieve: autocompleteRetrieve,
  property_epc: propertyEpcHandler,
  property_floor_area: floorAreaHandler,
  area_crime: areaCrimeHandler,
  area_deprivation: areaDeprivationHandler,
  property_sold_comparables: soldComparablesHandler,
  property_valuation: valuationHandler,
  property_analysis: propertyAnalysisHandler,
  property_compliance: complianceHandler,
  property_council_tax: councilTaxHandler,
  property_ownership: ownershipHandler,
  property_registered_proprietors: registeredProprietors,
  property_profile: propertyProfileHandler,
  property_ground_risk: groundRiskHandler,
  area_planning_constraints: planningConstraintsHandler,
  area_statistics: areaStatisticsHandler,
  area_schools: areaSchoolsHandler,
  finance_purchase_tax: purchaseTaxHandler,
  market_house_price_index: housePriceIndexHandler,
  market_bank_rate: bankRateHandler,
  market_mortgage_rates: mortgageRatesHandler,
  market_inflation: inflationHandler,
  report_create: placeReport,
  report_status: reportStatusHandler,
  report_document: reportDocumentHandler,
  report_list: reportListHandler,
  webhook_create: createWebhook,
  webhook_list: listAccountWebhooks,
  webhook_delete: removeWebhook,
  webhook_deliveries: listDeliveries,
  webhook_delivery_retry: retryWebhookDelivery,
  account_show: accountShowHandler,
  account_usage: accountUsageHandler,
};

const document = openApiDocument();
export const publicHandlers: PublicHandlers = {
  openapi_document: () => document,
};

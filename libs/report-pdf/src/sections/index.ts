import type { ReportModel, SectionName } from '../model';
import { areaStatistics } from './area-statistics';
import { boundary } from './boundary';
import { crime } from './crime';
import { deprivation } from './deprivation';
import { energyPerformance } from './energy-performance';
import { groundRisk } from './ground-risk';
import { housePriceIndex } from './house-price-index';
import { areaIdentity, propertyIdentity } from './identity';
import { bankRate, inflation, mortgageRates } from './market';
import { planningConstraints } from './planning-constraints';
import { purchaseTax } from './purchase-tax';
import type { SectionDrawer } from './section';
import { schools } from './schools';
import { soldComparables } from './sold-comparables';
import { title } from './title';
import { valuation } from './valuation';

// One drawer per section; the identity's operation depends on the pack (an address, or a postcode).

const drawers: Record<Exclude<SectionName, 'identity'>, SectionDrawer> = {
  valuation,
  purchase_tax: purchaseTax,
  sold_comparables: soldComparables,
  house_price_index: housePriceIndex,
  energy_performance: energyPerformance,
  boundary,
  title,
  ground_risk: groundRisk,
  crime,
  schools,
  deprivation,
  area_statistics: areaStatistics,
  planning_constraints: planningConstraints,
  bank_rate: bankRate,
  mortgage_rates: mortgageRates,
  inflation,
};

export const drawerFor = (name: SectionName, type: ReportModel['type']): SectionDrawer =>
  name === 'identity' ? (type === 'property-pack' ? propertyIdentity : areaIdentity) : drawers[name];

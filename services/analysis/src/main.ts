import { analysis } from '@pds/contracts';
import { answersAtOncePerPartition, bootService, envMs, handler, RequestReplyClient, serveCommands, ukDateOf } from '@pds/service-runtime';
import { startReports } from './reports/start-reports';
import { askerOf } from './asking/ask-service';
import { findSoldComparables } from './comparables/find-sold-comparables';
import { checkCompliance } from './compliance/check-compliance';
import { AuthorityValues } from './council-tax/authority-values';
import { describeCouncilTax } from './council-tax/describe-council-tax';
import { analysePrice } from './price-analysis/analyse-price';
import { profileProperty } from './profile/profile-property';
import { taxPurchase } from './purchase-tax/tax-purchase';
import { calculateRenovationUplift } from './renovation-uplift/calculate';
import { DistrictCache } from './valuation/district-sales';
import { valueProperty } from './valuation/value-property';

// The analysis service makes the judgements of the API: it weighs the location service's facts (read through the
// query functions it publishes, or asked over Kafka) and the registry's titles into valuations, comparables, the
// reading of a price, lettings compliance and profiles, and computes the calculators. Its reports compose those
// answers into branded PDF packs, assembled and rendered in the background.

const main = async () => {
  const rt = await bootService('analysis');
  const rpc = new RequestReplyClient(rt.bus, rt.topics, rt.config.instanceId, rt.logger);
  await rpc.start();
  rt.onShutdown(() => rpc.stop());
  const db = rt.store.pool;
  const today = () => ukDateOf(rt.clock.now());
  // A part asked of another service is given up in time for this service's answer to reach the gateway within its wait.
  const asker = askerOf(rpc, rt.topics, envMs('ASK_TIMEOUT_MS', 4_000));
  const partBudgetMs = envMs('PROFILE_PART_BUDGET_MS', 4_000);
  const valuations = { db, today, districts: new DistrictCache() };
  const councilTax = { ...valuations, authorityValues: new AuthorityValues() };
  const priceAnalysis = { ...councilTax, asker };
  const compliance = { db, asker, today };
  // A profile's part is left out at its budget: its ask gives up just after, never before.
  const profiles = { db, asker: askerOf(rpc, rt.topics, partBudgetMs + 500), partBudgetMs };
  const purchaseTax = { db, logger: rt.logger, today };
  const handlers = [
    // Calculations and answers to a caller waiting: an answer nobody waits for is not worth computing.
    handler(analysis.CalculateRenovationUplift, async (data) => ({ ok: true, data: calculateRenovationUplift(data) }), {
      dropWhenLate: true,
    }),
    handler(analysis.CalculatePurchaseTax, (data) => taxPurchase(purchaseTax, data), { dropWhenLate: true }),
    handler(analysis.FindSoldComparables, (data) => findSoldComparables(valuations, data), { dropWhenLate: true }),
    handler(analysis.ValueProperty, (data) => valueProperty(valuations, data), { dropWhenLate: true }),
    handler(analysis.AnalysePrice, (data, ctx) => analysePrice(priceAnalysis, data, ctx), { dropWhenLate: true }),
    handler(analysis.DescribeCouncilTax, (data) => describeCouncilTax(councilTax, data), { dropWhenLate: true }),
    handler(analysis.CheckCompliance, (data, ctx) => checkCompliance(compliance, data, ctx), { dropWhenLate: true }),
    handler(analysis.ProfileProperty, (data, ctx) => profileProperty(profiles, data, ctx), { dropWhenLate: true }),
  ];
  const placeReport = await startReports(
    rt,
    rpc,
    {
      valueProperty: (data) => valueProperty(valuations, analysis.ValueProperty.data.parse(data)),
      findSoldComparables: (data) => findSoldComparables(valuations, analysis.FindSoldComparables.data.parse(data)),
      taxPurchase: (data) => taxPurchase(purchaseTax, analysis.CalculatePurchaseTax.data.parse(data)),
    },
    today,
  );
  handlers.push(placeReport);
  const commands = await serveCommands({
    bus: rt.bus,
    topics: rt.topics,
    service: 'analysis',
    logger: rt.logger,
    handlers,
    // Its answers overtake one another within a partition: a slow one (a profile, a registry search) holds up no other.
    answersAtOncePerPartition: answersAtOncePerPartition(),
    ready: rt.databaseAnswers,
  });
  rt.onShutdown(() => commands.stop());
  rt.logger.info('analysis ready');
};

main().catch((err: unknown) => {
  console.error('analysis failed to start', err);
  process.exit(1);
});

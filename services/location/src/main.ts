import { epc, locationIntelligence, marketData, referenceData } from '@pds/contracts';
import {
  answersAtOncePerPartition,
  bootService,
  envMs,
  handler,
  LogFollower,
  RequestReplyClient,
  serveCommands,
  ukDateOf,
} from '@pds/service-runtime';
import { describeAreaStatistics } from './area-statistics/describe-area-statistics';
import { describeEnergyCertificates, describeFloorArea } from './epc/describe';
import { registerFromEnv } from './epc/register/config';
import { countCrimes } from './crime/count-crimes';
import { policeApiFromEnv } from './crime/police-api/config';
import { describeDeprivation } from './deprivation/describe-deprivation';
import { findCompanyOwners } from './ownership/find-company-owners';
import { groundRiskFromEnv } from './ground-risk/config';
import { screenGroundRisk } from './ground-risk/screen-ground-risk';
import { findPlanningConstraints } from './planning/find-constraints';
import { projectionName } from './import/import-dataset';
import { findSchools } from './schools/find-schools';
import { describeAddress } from './addresses/describe-address';
import { describeBoundary } from './boundary/describe-boundary';
import { describeBankRate } from './market/bank-rate';
import { describeHousePriceIndex } from './market/house-price-index';
import { describeInflation } from './market/inflation';
import { describeMortgageRates } from './market/mortgage-rates';
import { datasetVersionsProjection } from './read-models/dataset-versions';

// The location service holds the facts: it owns the reference datasets, keeps their read models (which version of each
// serves, and the views other services read through the query functions published beside their contracts) as imports
// record new versions, and answers the operations that are facts about a place or a property, from its data or its
// live upstreams (the EPC register, police.uk, the coal and geology map services; the registry's titles through
// land-registry-orders).

const main = async () => {
  const rt = await bootService('location');
  const versions = new LogFollower({
    store: rt.store,
    name: projectionName,
    categories: [referenceData.datasetStreamCategory],
    logger: rt.logger,
    handle: datasetVersionsProjection,
  });
  await versions.start();
  rt.onShutdown(() => versions.stop());
  // The boundary asks land-registry-orders for the property's titles.
  const rpc = new RequestReplyClient(rt.bus, rt.topics, rt.config.instanceId, rt.logger);
  await rpc.start();
  rt.onShutdown(() => rpc.stop());
  const boundaries = { db: rt.store.pool, rpc, topics: rt.topics, titleSearchTimeoutMs: envMs('TITLE_SEARCH_TIMEOUT_MS', 4_000) };
  const certificates = { db: rt.store.pool, now: () => rt.clock.now(), logger: rt.logger, ...registerFromEnv() };
  const crime = { db: rt.store.pool, police: policeApiFromEnv(), logger: rt.logger };
  const groundRisk = { db: rt.store.pool, settings: groundRiskFromEnv(), logger: rt.logger, now: () => rt.clock.now() };
  const planning = { db: rt.store.pool, today: () => ukDateOf(rt.clock.now()) };
  const schools = { db: rt.store.pool };
  const market = { db: rt.store.pool, logger: rt.logger, today: () => ukDateOf(rt.clock.now()) };
  const handlers = [
    // A lookup: an answer nobody waits for is not worth the register's time.
    handler(epc.DescribeEnergyCertificates, (data) => describeEnergyCertificates(certificates, data), { dropWhenLate: true }),
    handler(epc.DescribeFloorArea, (data) => describeFloorArea(certificates, data), { dropWhenLate: true }),
    handler(locationIntelligence.CountCrimes, (data) => countCrimes(crime, data), { dropWhenLate: true }),
    handler(locationIntelligence.ScreenGroundRisk, (data) => screenGroundRisk(groundRisk, data), { dropWhenLate: true }),
    handler(locationIntelligence.FindPlanningConstraints, (data) => findPlanningConstraints(planning, data), { dropWhenLate: true }),
    handler(locationIntelligence.DescribeDeprivation, (data) => describeDeprivation(rt.store.pool, data.postcode), { dropWhenLate: true }),
    handler(locationIntelligence.DescribeAreaStatistics, (data) => describeAreaStatistics(rt.store.pool, data.postcode), {
      dropWhenLate: true,
    }),
    handler(locationIntelligence.FindSchools, (data) => findSchools(schools, data), { dropWhenLate: true }),
    handler(locationIntelligence.FindCompanyOwners, (data) => findCompanyOwners(rt.store.pool, data), { dropWhenLate: true }),
    handler(locationIntelligence.DescribeAddress, (data) => describeAddress(rt.store.pool, data), { dropWhenLate: true }),
    handler(locationIntelligence.DescribeBoundary, (data, ctx) => describeBoundary(boundaries, data, ctx), { dropWhenLate: true }),
    handler(marketData.DescribeHousePriceIndex, (data) => describeHousePriceIndex(market, data), { dropWhenLate: true }),
    handler(marketData.DescribeBankRate, (data) => describeBankRate(market, data), { dropWhenLate: true }),
    handler(marketData.DescribeMortgageRates, (data) => describeMortgageRates(market, data), { dropWhenLate: true }),
    handler(marketData.DescribeInflation, (data) => describeInflation(market, data), { dropWhenLate: true }),
  ];
  const commands = await serveCommands({
    bus: rt.bus,
    topics: rt.topics,
    service: 'location',
    logger: rt.logger,
    handlers,
    // Its answers overtake one another within a partition: a slow one (a profile, a registry search) holds up no other.
    answersAtOncePerPartition: answersAtOncePerPartition(),
    ready: rt.databaseAnswers,
  });
  rt.onShutdown(() => commands.stop());
  rt.logger.info({ liveRegister: certificates.register !== null }, 'location ready');
};

main().catch((err: unknown) => {
  console.error('location failed to start', err);
  process.exit(1);
});

import {
  epc,
  listedBuildingRadiusMetres,
  locationIntelligence,
  readModels,
  type analysis,
  type ComplianceResult,
  type DataOf,
  type ReplyOf,
  type Source,
} from '@pds/contracts';
import type { HandlerContext, HandlerResult } from '@pds/service-runtime';
import type pg from 'pg';
import type { Asker } from '../asking/ask-service';
import { energyCheck, planningChecks } from './checks';

// `property_compliance`: the property resolved in the address dataset (its position), then the EPC lookup's answer
// and the planning constraints at that position, both the location service's, asked at once; each check says whether
// it was made. No check made is a refusal (nothing to charge for).

type Asked = DataOf<typeof analysis.CheckCompliance>;
type Result = HandlerResult<ReplyOf<typeof analysis.CheckCompliance>>;

export interface ComplianceDeps {
  db: pg.Pool;
  asker: Asker;
  /** Today's date in the UK (YYYY-MM-DD), on the business clock. */
  today: () => string;
}

export const checkCompliance = async (deps: ComplianceDeps, { property: ref }: Asked, ctx: HandlerContext): Promise<Result> => {
  const resolved = await readModels.addressQueries.resolve(deps.db, ref);
  if (resolved.kind === 'ambiguous') return { ok: false, error: readModels.resolutionRefusal(resolved, ref) };
  const found = resolved.kind === 'found' ? resolved.property : null;
  const [certificates, planning] = await Promise.all([
    deps.asker.ask('location', epc.DescribeEnergyCertificates, { property: ref }, ctx),
    found
      ? deps.asker.ask(
          'location',
          locationIntelligence.FindPlanningConstraints,
          { place: { latitude: found.latitude, longitude: found.longitude }, radiusMetres: listedBuildingRadiusMetres },
          ctx,
        )
      : Promise.resolve(null),
  ]);
  const today = deps.today();
  const checks = { minimumEnergyEfficiency: energyCheck(certificates, today), ...planningChecks(planning, found !== null) };
  const notChecked = Object.entries(checks).flatMap(([name, check]) => (check.checked ? [] : [name]));
  if (notChecked.length === 4)
    return {
      ok: false,
      error: { code: 'SERVICE_UNAVAILABLE', message: `No check could be made (${checks.minimumEnergyEfficiency.reason}).` },
    };
  const epcProperty = certificates.ok ? certificates.data.data.property : null;
  const data: ComplianceResult = {
    property: {
      uprn: found?.uprn ?? epcProperty?.uprn ?? ('uprn' in ref ? ref.uprn : null),
      address: found?.singleLine ?? epcProperty?.address ?? ('address' in ref ? ref.address : null),
      postcode: found?.postcode ?? epcProperty?.postcode ?? ('postcode' in ref ? ref.postcode : ''),
      position: found ? { latitude: found.latitude, longitude: found.longitude } : null,
    },
    checkedOn: today,
    ...checks,
    notChecked,
  };
  const sources = new Map<string, Source>();
  for (const part of [certificates, planning]) if (part?.ok) for (const s of part.data.sources) sources.set(s.dataset, s);
  return { ok: true, data: { data, sources: [...sources.values()] } };
};

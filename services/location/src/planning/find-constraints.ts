import {
  planningConstraintNames,
  planningConstraintTypes,
  type locationIntelligence,
  type PlaceRef,
  type PlanningConstraintsResult,
  type ReplyOf,
  readModels,
} from '@pds/contracts';
import type { HandlerResult } from '@pds/service-runtime';
import type pg from 'pg';
import { countryCodeAt } from '../places/nation-at';
import { resolvePlace } from '../places/resolve-place';

// The planning constraints in force at a place (planning_constraints, the planning-data dataset): areas containing it
// or within the radius, points within the radius, by spherical distance like every "within" of Location Intelligence.
// England's datasets: a place in another nation gets none, said as `applicable: false`.

type Result = HandlerResult<ReplyOf<typeof locationIntelligence.FindPlanningConstraints>>;

const nations: Record<string, PlanningConstraintsResult['country']> = {
  E92000001: 'england',
  W92000004: 'wales',
  S92000003: 'scotland',
  N92000002: 'northern-ireland',
};

interface Row {
  planning_dataset: keyof typeof planningConstraintNames;
  entity: string;
  name: string | null;
  reference: string | null;
  start_date: string | null;
  properties: Record<string, string>;
  metres: number;
}

export const findPlanningConstraints = async (
  deps: { db: pg.Pool; today: () => string },
  command: { place: PlaceRef; radiusMetres: number },
): Promise<Result> => {
  const resolved = await resolvePlace(deps.db, command.place);
  if (resolved.kind === 'postcode_not_found')
    return { ok: false, error: { code: 'POSTCODE_NOT_FOUND', message: `No postcode dataset serving places ${resolved.postcode}.` } };
  const { place } = resolved;
  const countryCode = place.postcode ? place.countryCode : await countryCodeAt(deps.db, place.latitude, place.longitude, 10_000);
  const country = nations[countryCode ?? ''] ?? 'unknown';
  const applicable = country === 'england';
  const rows = applicable
    ? (
        await deps.db.query<Row>(
          `SELECT planning_dataset, entity, name, reference, start_date, properties, ST_Distance(geog, p.point, false) AS metres
             FROM planning_constraints, (SELECT ST_SetSRID(ST_MakePoint($2, $1), 4326)::geography AS point) p
            WHERE ST_DWithin(geog, p.point, $3, false) AND (end_date IS NULL OR end_date > $4::date)
            ORDER BY metres, planning_dataset, entity`,
          [place.latitude, place.longitude, command.radiusMetres, deps.today()],
        )
      ).rows
    : [];
  const byType = Object.fromEntries(planningConstraintTypes.map((t) => [t, 0]));
  for (const r of rows) byType[r.planning_dataset] = (byType[r.planning_dataset] ?? 0) + 1;
  const data: PlanningConstraintsResult = {
    location: { postcode: place.postcode, latitude: place.latitude, longitude: place.longitude, radiusMetres: command.radiusMetres },
    country,
    applicable,
    count: rows.length,
    byType,
    constraints: rows.map((r) => ({
      type: r.planning_dataset,
      typeName: planningConstraintNames[r.planning_dataset],
      name: r.name,
      reference: r.reference,
      entity: Number(r.entity),
      distanceMetres: Math.round(r.metres),
      startDate: r.start_date,
      details: r.properties,
    })),
  };
  return {
    ok: true,
    data: {
      data,
      sources: await readModels.datasetQueries.sources(deps.db, [...(applicable ? ['planning-data'] : []), ...place.datasets]),
    },
  };
};

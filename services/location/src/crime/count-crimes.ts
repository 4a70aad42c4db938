import {
  monthsBetween,
  nearestCrimesShown,
  type locationIntelligence,
  type PlaceRef,
  type ReplyOf,
  type Source,
  readModels,
} from '@pds/contracts';
import type { HandlerResult, Logger } from '@pds/service-runtime';
import type pg from 'pg';
import { greatCircleMetres, ringAround } from '../geo/great-circle';
import { resolvePlace } from '../places/resolve-place';
import { UpstreamFailure } from '../upstreams/http';
import { categoryName, crimesAround, latestMonthHeldAt, monthsHeldAt, type Point } from './bulk-crimes';
import { crimeAnswer, widerRadiusOf, type MonthCount, type NearCrime } from './crime-answer';
import type { PoliceApiSettings } from './police-api/config';

// Crime around a place: the imported street-level files for the months they hold at the place; when they hold none
// of the months asked for and the live police.uk API is configured, the API for those months (within a time budget).

type Command = typeof locationIntelligence.CountCrimes;
type Result = HandlerResult<ReplyOf<Command>>;

export interface CountCrimesDeps {
  db: pg.Pool;
  police: PoliceApiSettings;
  logger: Logger;
}

const refused = (code: string, message: string): Result => ({ ok: false, error: { code, message } });

export const countCrimes = async (
  deps: CountCrimesDeps,
  command: { place: PlaceRef; radiusMetres: number; from?: string; to?: string },
): Promise<Result> => {
  const resolved = await resolvePlace(deps.db, command.place);
  if (resolved.kind === 'postcode_not_found')
    return refused('POSTCODE_NOT_FOUND', `No postcode dataset serving places ${resolved.postcode}.`);
  const { place } = resolved;
  const at: Point = { latitude: place.latitude, longitude: place.longitude };
  const location = { postcode: place.postcode, latitude: place.latitude, longitude: place.longitude };
  const asked = command.from ?? command.to;
  let from = command.from ?? command.to;
  let to = command.to ?? command.from;
  if (asked === undefined) {
    const latest = await latestMonthHeldAt(deps.db, at);
    if (latest === undefined) return live(deps, { ...command, location, at, months: undefined, datasets: place.datasets });
    from = to = latest;
  }
  const months = monthsBetween(from as string, to as string);
  // The latest month held was found held just now; months asked for are checked.
  const held = asked === undefined ? new Set(months) : await monthsHeldAt(deps.db, at, months);
  if (held.size === 0) return live(deps, { ...command, location, at, months, datasets: place.datasets });
  const answered = months.filter((m) => held.has(m));
  const { counts, nearest, widerCrimes } = await crimesAround(deps.db, at, answered, {
    radiusMetres: command.radiusMetres,
    widerRadiusMetres: widerRadiusOf(command.radiusMetres),
  });
  const data = crimeAnswer({
    location,
    radiusMetres: command.radiusMetres,
    from: from as string,
    to: to as string,
    monthsAnswered: answered,
    monthsNotHeld: months.filter((m) => !held.has(m)),
    origin: 'bulk',
    counts,
    nearest,
    widerCrimes,
  });
  return { ok: true, data: { data, sources: await readModels.datasetQueries.sources(deps.db, ['police-uk', ...place.datasets]) } };
};

/** The months from the live API, when it is configured; otherwise the refusal that no data is held. */
const live = async (
  deps: CountCrimesDeps,
  ask: {
    radiusMetres: number;
    location: { postcode: string | null; latitude: number; longitude: number };
    at: Point;
    months: string[] | undefined;
    datasets: string[];
  },
): Promise<Result> => {
  const api = deps.police.api;
  if (!api)
    return refused(
      'CRIME_DATA_NOT_HELD',
      ask.months
        ? `No street-level crime is held for ${ask.months.length === 1 ? ask.months[0] : `${ask.months[0]} to ${ask.months.at(-1)}`} around this place.`
        : 'No street-level crime is held around this place.',
    );
  const deadlineMs = Date.now() + deps.police.liveBudgetMs;
  try {
    const months = ask.months ?? [await api.latestMonth(deadlineMs)];
    const ring = ringAround(ask.at, ask.radiusMetres);
    const found = await Promise.all(months.map((m) => api.crimesInPolygon(ring, m, deadlineMs)));
    const within = found
      .flat()
      .map((c) => {
        const point = { latitude: Number(c.location.latitude), longitude: Number(c.location.longitude) };
        return { c, point, distance: greatCircleMetres(ask.at, point) };
      })
      .filter((x) => x.distance <= ask.radiusMetres);
    const counts = new Map<string, MonthCount>();
    for (const { c } of within) {
      const key = `${c.month} ${c.category}`;
      const entry = counts.get(key) ?? { month: c.month, category: c.category, crimes: 0 };
      entry.crimes++;
      counts.set(key, entry);
    }
    const nearest: NearCrime[] = within
      .sort((a, b) => a.distance - b.distance || a.c.month.localeCompare(b.c.month) || a.c.persistent_id.localeCompare(b.c.persistent_id))
      .slice(0, nearestCrimesShown)
      .map(({ c, point, distance }) => ({
        crimeId: c.persistent_id === '' ? null : c.persistent_id,
        category: c.category,
        crimeType: categoryName(c.category),
        month: c.month,
        ...point,
        location: c.location.street.name,
        lsoa: null,
        outcome: c.outcome_status?.category ?? null,
        distanceMetres: Math.round(distance),
      }));
    const data = crimeAnswer({
      location: ask.location,
      radiusMetres: ask.radiusMetres,
      from: months[0] as string,
      to: months.at(-1) as string,
      monthsAnswered: months,
      monthsNotHeld: [],
      origin: 'live_api',
      counts: [...counts.values()],
      nearest,
    });
    const source: Source = { ...deps.police.source, vintage: months.length === 1 ? months[0]! : `${months[0]} to ${months.at(-1)}` };
    return { ok: true, data: { data, sources: [source, ...(await readModels.datasetQueries.sources(deps.db, ask.datasets))] } };
  } catch (error) {
    if (!(error instanceof UpstreamFailure)) throw error;
    deps.logger.warn({ kind: error.kind, err: error.message }, 'the police.uk API failed');
    return refused('CRIME_SERVICE_ERROR', `The police.uk API did not answer usefully (${error.message}).`);
  }
};

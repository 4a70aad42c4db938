import { type locationIntelligence, type PlaceRef, type ReplyOf, type Source, readModels } from '@pds/contracts';
import { wgs84ToBng } from '@pds/geo';
import type { HandlerResult, Logger } from '@pds/service-runtime';
import type pg from 'pg';
import { countryCodeAt } from '../places/nation-at';
import { resolvePlace } from '../places/resolve-place';
import type { GroundRiskSettings } from './config';
import { groundRiskScreen } from './screen';

// A ground-risk screen: the place (a postcode's position, or the point given) in its nation of Great Britain, then the
// four requests together (two coal services, landslides, geology) within one time budget. A request that fails or is
// late is left out of a partial screen; a screen none of them answered is a failure, not an answer.

type Result = HandlerResult<ReplyOf<typeof locationIntelligence.ScreenGroundRisk>>;

export interface ScreenDeps {
  db: pg.Pool;
  settings: GroundRiskSettings;
  logger: Logger;
  /** Business time, for when the live sources were asked (their vintage). */
  now: () => Date;
}

/** A postcode within this distance of a point says its nation. */
const nationWithinMetres = 10_000;

const nations: Record<string, 'england' | 'wales' | 'scotland'> = { E92000001: 'england', W92000004: 'wales', S92000003: 'scotland' };

const refused = (code: string, message: string): Result => ({ ok: false, error: { code, message } });

/** The request's answer, or undefined when it failed or the budget ran out first (the failure is logged). */
const settle = async <T>(what: string, work: Promise<T>, deadlineMs: number, logger: Logger): Promise<T | undefined> => {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), Math.max(0, deadlineMs - Date.now()))));
  try {
    const answer = await Promise.race([work, late]);
    if (answer === undefined) logger.warn({ source: what }, 'ground-risk source did not answer within the budget');
    return answer;
  } catch (error) {
    logger.warn({ source: what, err: (error as Error).message }, 'ground-risk source failed');
    return undefined;
  } finally {
    clearTimeout(timer);
    work.catch(() => undefined);
  }
};

export const screenGroundRisk = async (deps: ScreenDeps, command: { place: PlaceRef; radiusMetres: number }): Promise<Result> => {
  const resolved = await resolvePlace(deps.db, command.place);
  if (resolved.kind === 'postcode_not_found') {
    return resolved.postcode.startsWith('BT')
      ? refused('OUTSIDE_GREAT_BRITAIN', `${resolved.postcode} is in Northern Ireland, which the screen does not cover.`)
      : refused('POSTCODE_NOT_FOUND', `No postcode dataset serving places ${resolved.postcode}.`);
  }
  const { place } = resolved;
  const countryCode = place.postcode
    ? place.countryCode
    : await countryCodeAt(deps.db, place.latitude, place.longitude, nationWithinMetres);
  const country = nations[countryCode ?? ''];
  if (!country) {
    return refused(
      'OUTSIDE_GREAT_BRITAIN',
      countryCode === 'N92000002'
        ? 'The place is in Northern Ireland, which the screen does not cover.'
        : countryCode
          ? `The place is outside Great Britain (${countryCode}).`
          : 'No postcode of Great Britain lies within 10 km of the point: it is outside Great Britain, or beyond the postcode data loaded.',
    );
  }
  let grid;
  try {
    grid = wgs84ToBng(place.latitude, place.longitude);
  } catch {
    return refused('OUTSIDE_GREAT_BRITAIN', 'The point is outside the British National Grid.');
  }
  const point = { easting: grid.easting, northing: grid.northing };
  const { settings, logger } = deps;
  const deadlineMs = Date.now() + settings.budgetMs;
  const centre = { latitude: place.latitude, longitude: place.longitude };
  const [coalContext, coalSpecific, landslides, geology] = await Promise.all([
    settle('coal-mining-context', settings.coal.matched('context', point, deadlineMs), deadlineMs, logger),
    settle('coal-mining-specific', settings.coal.matched('specific', point, deadlineMs), deadlineMs, logger),
    settle('landslides', settings.landslides.within(centre, command.radiusMetres, deadlineMs), deadlineMs, logger),
    settle('geology', settings.geology.at(point, deadlineMs), deadlineMs, logger),
  ]);
  if (!coalContext && !coalSpecific && !landslides && !geology)
    return refused('GROUND_RISK_SERVICE_ERROR', 'None of the coal mining, landslide and geology services answered in time.');
  const data = groundRiskScreen({
    location: {
      postcode: place.postcode,
      country,
      latitude: place.latitude,
      longitude: place.longitude,
      radiusMetres: command.radiusMetres,
    },
    coalContext,
    coalSpecific,
    landslides,
    geology,
  });
  const asked = deps.now().toISOString().slice(0, 10);
  const live: Source[] = [
    ...(coalContext || coalSpecific ? [{ ...settings.sources.coal, vintage: `live, ${asked}` }] : []),
    ...(landslides ? [{ ...settings.sources.landslides, vintage: `live, ${asked}` }] : []),
    ...(geology ? [{ ...settings.sources.geology, vintage: `live, ${asked}` }] : []),
  ];
  return { ok: true, data: { data, sources: [...live, ...(await readModels.datasetQueries.sources(deps.db, place.datasets))] } };
};

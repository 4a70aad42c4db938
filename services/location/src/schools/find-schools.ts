import { type CommandOf, type locationIntelligence, type ReplyOf, readModels } from '@pds/contracts';
import type { HandlerResult } from '@pds/service-runtime';
import type pg from 'pg';
import { resolvePlace } from '../places/resolve-place';
import { nearbySchools } from './nearby-schools';
import { schoolOf } from './school-answer';

// Schools around a place: the serving GIAS establishments within the radius, with their links where a links file
// serves. Without an establishments file there is nothing to answer from, and an empty list would be untrue: refused.

type Command = typeof locationIntelligence.FindSchools;
type Result = HandlerResult<ReplyOf<Command>>;

export interface FindSchoolsDeps {
  db: pg.Pool;
}

const refused = (code: string, message: string): Result => ({ ok: false, error: { code, message } });

export const findSchools = async (deps: FindSchoolsDeps, command: CommandOf<Command>['data']): Promise<Result> => {
  const resolved = await resolvePlace(deps.db, command.place);
  if (resolved.kind === 'postcode_not_found')
    return refused('POSTCODE_NOT_FOUND', `No postcode dataset serving places ${resolved.postcode}.`);
  const { place } = resolved;
  const sources = await readModels.datasetQueries.sources(deps.db, ['gias', 'gias-links', ...place.datasets]);
  if (!sources.some((s) => s.dataset === 'gias'))
    return refused('SERVICE_UNAVAILABLE', 'No GIAS establishments file is loaded yet; retry once it is.');
  const { rows, total } = await nearbySchools(deps.db, {
    latitude: place.latitude,
    longitude: place.longitude,
    radiusMetres: command.radiusMetres,
    phases: command.phases,
    includeClosed: command.includeClosed,
    limit: command.limit,
  });
  return {
    ok: true,
    data: {
      data: {
        location: { postcode: place.postcode, latitude: place.latitude, longitude: place.longitude, radiusMetres: command.radiusMetres },
        filters: { phases: command.phases, includeClosed: command.includeClosed, limit: command.limit },
        totalWithinRadius: total,
        schools: rows.map(schoolOf),
      },
      sources,
    },
  };
};

import {
  generalBoundariesCaveat,
  isOutsideEnglandAndWales,
  landRegistry,
  readModels,
  refusalOfReply,
  type BoundaryResult,
  type DataOf,
  type locationIntelligence,
  type ReplyOf,
  type Topics,
} from '@pds/contracts';
import {
  RequestTimeoutError,
  type DomainError,
  type HandlerContext,
  type HandlerResult,
  type RequestReplyClient,
} from '@pds/service-runtime';
import type pg from 'pg';
import { chooseTitle } from './choose-title';

// `property_boundary`: the property from the address dataset (the one resolver), the INSPIRE polygon under its point,
// then its titles from the registry (over Kafka, through land-registry-orders), the freehold among them chosen.

type Asked = DataOf<typeof locationIntelligence.DescribeBoundary>;
type Result = HandlerResult<ReplyOf<typeof locationIntelligence.DescribeBoundary>>;

export interface BoundaryDeps {
  db: pg.Pool;
  rpc: RequestReplyClient;
  topics: Topics;
  /** How long the registry's title search may take, inside the asker's own wait. */
  titleSearchTimeoutMs: number;
}

const refused = (error: DomainError): Result => ({ ok: false, error });

const outside = (postcode: string): Result =>
  refused({
    code: 'OUTSIDE_ENGLAND_AND_WALES',
    message: `${postcode} is outside England and Wales, where HM Land Registry does not register land.`,
  });

/** AddressBase's country codes for England and Wales. */
const englandAndWales = new Set(['E', 'W']);

export const describeBoundary = async (deps: BoundaryDeps, { property: ref, titleNumber }: Asked, ctx: HandlerContext): Promise<Result> => {
  if ('postcode' in ref && isOutsideEnglandAndWales(ref.postcode)) return outside(ref.postcode);
  const resolved = await readModels.addressQueries.resolve(deps.db, ref);
  if (resolved.kind !== 'found') return refused(readModels.resolutionRefusal(resolved, ref));
  const { property } = resolved;
  if (!englandAndWales.has(property.country)) return outside(property.postcode);
  const parcel = await readModels.parcelQueries.underPoint(deps.db, property.eastings, property.northings);
  if (!parcel)
    return refused({
      code: 'BOUNDARY_NOT_FOUND',
      message: `No INSPIRE index polygon lies under ${property.singleLine} (unregistered land, or not yet indexed).`,
    });

  let titles;
  try {
    titles = await deps.rpc.request(
      landRegistry.FindTitles,
      deps.topics.commands('land-registry-orders'),
      ctx.metadata.requestId ?? ctx.commandId,
      { search: { uprn: property.uprn } },
      ctx.metadata,
      { timeoutMs: deps.titleSearchTimeoutMs },
    );
  } catch (error) {
    if (!(error instanceof RequestTimeoutError)) throw error;
    return refused({ code: 'UPSTREAM_TIMEOUT', message: "The registry's title search was not answered in time." });
  }
  if (!titles.ok) {
    const { ok: _refused, ...error } = refusalOfReply(titles.error);
    return refused(error);
  }
  const chosen = chooseTitle(titles.data.titles, titleNumber);
  if (chosen.kind === 'ambiguous')
    return refused({
      code: 'TITLE_AMBIGUOUS',
      message: `${property.singleLine} has ${chosen.candidates.length} freehold titles; retry with the \`titleNumber\` meant.`,
      candidates: chosen.candidates,
    });
  if (chosen.kind === 'not_matched') {
    const held = chosen.freeholds.join(', ') || 'none';
    return refused({
      code: 'TITLE_NOT_MATCHED',
      message: `${titleNumber} is not a freehold title of ${property.singleLine} at the registry (its freehold titles: ${held}).`,
    });
  }
  const { title } = chosen;
  const data: BoundaryResult = {
    property: {
      uprn: property.uprn,
      address: property.singleLine,
      postcode: property.postcode,
      latitude: property.latitude,
      longitude: property.longitude,
      eastings: property.eastings,
      northings: property.northings,
    },
    matchedBy: 'uprn' in ref ? 'uprn' : 'address',
    title,
    boundary: {
      inspireId: parcel.inspireId,
      areaSquareMetres: parcel.areaSquareMetres,
      geojson: {
        type: 'Feature',
        geometry: { type: 'Polygon', coordinates: parcel.wgs84 },
        properties: { inspireId: parcel.inspireId, titleNumber: title?.titleNumber ?? null },
      },
      gpsPoints: (parcel.wgs84[0] ?? []).map(([longitude, latitude]) => ({ latitude, longitude })),
      britishNationalGrid: { type: 'Polygon', coordinates: parcel.bng },
    },
    generalBoundaries: generalBoundariesCaveat,
  };
  return { ok: true, data: { data, sources: await readModels.datasetQueries.sources(deps.db, ['addressbase', 'inspire']) } };
};

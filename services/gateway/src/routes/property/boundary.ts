import { generalBoundariesCaveat, landRegistry, propertyBoundary, propertyRefOf, type BoundaryResult, readModels } from '@pds/contracts';
import { RequestTimeoutError } from '@pds/service-runtime';
import { handlerOf, type Answer, type Refusal } from '../../operations/handler';
import { isOutsideEnglandAndWales } from '../land-registry/postcode-areas';
import { refusalOfReply } from '../land-registry/refusals';
import { chooseTitle } from './choose-title';
import { resolutionRefusal } from './resolution-refusal';

// `property_boundary`: the property from the address dataset, the INSPIRE polygon under its point (both read models),
// then its titles from the registry (over Kafka, through land-registry-orders). 35 credits, captured by the pipeline
// only for a boundary answered.

const nothingCharged = 'Nothing was charged.';

const outside = (postcode: string): Refusal => ({
  ok: false,
  code: 'OUTSIDE_ENGLAND_AND_WALES',
  message: `${postcode} is outside England and Wales, where HM Land Registry does not register land. ${nothingCharged}`,
});

/** AddressBase's country codes for England and Wales. */
const englandAndWales = new Set(['E', 'W']);

export const propertyBoundaryHandler = handlerOf(propertyBoundary, {
  handle: async ({ input, ctx, deps }): Promise<Answer> => {
    const ref = propertyRefOf(input.query);
    if ('invalid' in ref) return { ok: false, code: 'INVALID_PARAMETERS', message: `Name the property: ${ref.invalid}. ${nothingCharged}` };
    if ('postcode' in ref && isOutsideEnglandAndWales(ref.postcode)) return outside(ref.postcode);

    const resolved = await readModels.addressQueries.resolve(deps.db, ref);
    if (resolved.kind !== 'found') return resolutionRefusal(resolved, ref);
    const { property } = resolved;
    if (!englandAndWales.has(property.country)) return outside(property.postcode);
    const parcel = await readModels.parcelQueries.underPoint(deps.db, property.eastings, property.northings);
    if (!parcel) {
      return {
        ok: false,
        code: 'BOUNDARY_NOT_FOUND',
        message: `No INSPIRE index polygon lies under ${property.singleLine} (unregistered land, or not yet indexed). ${nothingCharged}`,
      };
    }

    let titles;
    try {
      const search = { uprn: property.uprn };
      titles = await deps.rpc.request(
        landRegistry.FindTitles,
        deps.topics.commands('land-registry-orders'),
        ctx.requestId,
        { search },
        ctx,
        {
          timeoutMs: deps.workTimeoutMs,
        },
      );
    } catch (error) {
      if (!(error instanceof RequestTimeoutError)) throw error;
      return { ok: false, code: 'UPSTREAM_TIMEOUT', message: `The registry's title search was not answered in time. ${nothingCharged}` };
    }
    if (!titles.ok) return refusalOfReply(titles.error, nothingCharged);
    const chosen = chooseTitle(titles.data.titles, input.query.titleNumber);
    if (chosen.kind === 'ambiguous') {
      return {
        ok: false,
        code: 'TITLE_AMBIGUOUS',
        message: `${property.singleLine} has ${chosen.candidates.length} freehold titles; retry with the \`titleNumber\` meant. ${nothingCharged}`,
        candidates: chosen.candidates,
      };
    }
    if (chosen.kind === 'not_matched') {
      const held = chosen.freeholds.join(', ') || 'none';
      return {
        ok: false,
        code: 'TITLE_NOT_MATCHED',
        message: `${input.query.titleNumber} is not a freehold title of ${property.singleLine} at the registry (its freehold titles: ${held}). ${nothingCharged}`,
      };
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
    return {
      ok: true,
      data,
      sources: (await readModels.datasetQueries.servingVersions(deps.db, ['addressbase', 'inspire'])).map(readModels.sourceOf),
    };
  },
});

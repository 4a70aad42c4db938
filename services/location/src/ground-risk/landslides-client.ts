import { LandslideCollection, landslidesItemsPath, type LandslideFeature } from '@pds/contracts';
import { greatCircleMetres, type LatLon } from '../geo/great-circle';
import { jsonOf, UpstreamFailure, type UpstreamHttp } from '../upstreams/http';

// The BGS National Landslide Database through BGS's OGC API – Features (collection `landslideindex`): the items in the
// box around the search circle (bbox in CRS84 longitude/latitude, the API's default), pages followed by their `next`
// links, then kept when within the radius by great-circle distance.

const pageLimit = 100;
const maxPages = 5;
const metresPerDegreeLatitude = 111_195;

export interface LandslideNear {
  feature: LandslideFeature;
  distanceMetres: number;
}

export class LandslidesClient {
  private readonly root: string;

  constructor(
    root: string,
    private readonly http: UpstreamHttp,
  ) {
    this.root = root.replace(/\/+$/, '');
  }

  async within(centre: LatLon, radiusMetres: number, deadlineMs: number): Promise<LandslideNear[]> {
    // 1 % wider than the circle, so no landslide on its edge is outside the box.
    const dLat = (radiusMetres * 1.01) / metresPerDegreeLatitude;
    const dLon = dLat / Math.cos((centre.latitude * Math.PI) / 180);
    const bbox = [centre.longitude - dLon, centre.latitude - dLat, centre.longitude + dLon, centre.latitude + dLat].map((v) =>
      v.toFixed(6),
    );
    let url: string | undefined =
      `${this.root}${landslidesItemsPath}?${new URLSearchParams({ bbox: bbox.join(','), limit: String(pageLimit), f: 'json' })}`;
    const features: LandslideFeature[] = [];
    for (let page = 0; url && page < maxPages; page++) {
      const answer = await this.http.request({ url, init: { headers: { accept: 'application/geo+json, application/json' } } }, deadlineMs);
      const parsed = LandslideCollection.safeParse(jsonOf(answer.text, 'BGS landslides'));
      if (!parsed.success) throw new UpstreamFailure('malformed', `BGS landslides: ${parsed.error.issues[0]?.message}`);
      features.push(...parsed.data.features);
      const next = parsed.data.links?.find((l) => l.rel === 'next')?.href;
      url = next && parsed.data.features.length > 0 ? next : undefined;
    }
    if (url) throw new UpstreamFailure('malformed', `BGS landslides: more than ${maxPages * pageLimit} in ${radiusMetres} m`);
    return features
      .flatMap((feature) => {
        const [longitude, latitude] = feature.geometry?.coordinates ?? [];
        if (longitude === undefined || latitude === undefined) return [];
        return [{ feature, distanceMetres: greatCircleMetres(centre, { latitude, longitude }) }];
      })
      .filter((l) => l.distanceMetres <= radiusMetres)
      .sort(
        (a, b) =>
          a.distanceMetres - b.distanceMetres ||
          String(a.feature.properties.landslide_number).localeCompare(String(b.feature.properties.landslide_number)),
      );
  }
}

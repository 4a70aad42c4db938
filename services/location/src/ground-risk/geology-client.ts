import { geologyLayers, geologyWmsPath } from '@pds/contracts';
import type { UpstreamHttp } from '../upstreams/http';
import { readFeatureInfo, type FeatureHit } from './feature-info';
import { featureInfoQuery, type GridPoint } from './wms';

// BGS 1:50,000 geology at a point: one GetFeatureInfo over its five layers, in the plain text/xml answer BGS's service
// is seen to give (captures of it are quoted in contracts/src/location/map-services.ts). That answer does not name
// each feature's layer; BGS's own `BGSTYPE` attribute says what each is (`Bedrock`, `Superficial`, …).

export interface GeologyFeature {
  /** What BGS calls the feature's kind (BGSTYPE), or the layer's when absent. */
  kind: string;
  fields: Record<string, string>;
}

export class GeologyClient {
  private readonly root: string;

  constructor(
    root: string,
    private readonly http: UpstreamHttp,
  ) {
    this.root = root.replace(/\/+$/, '');
  }

  async at(point: GridPoint, deadlineMs: number): Promise<GeologyFeature[]> {
    const query = featureInfoQuery(point, geologyLayers, 'text/xml');
    const answer = await this.http.request({ url: `${this.root}${geologyWmsPath}?${query}` }, deadlineMs);
    return readFeatureInfo(answer.text, 'BGS geology').map((hit: FeatureHit) => ({
      kind: hit.fields.BGSTYPE?.trim() || hit.layer || 'Unknown',
      fields: hit.fields,
    }));
  }
}

import { coalServices, coalWmsPath, esriFeatureInfoFormat, type CoalLayer } from '@pds/contracts';
import { UpstreamFailure, type UpstreamHttp } from '../upstreams/http';
import { coalLayerOf } from './coal-layers';
import { readCapabilities, readFeatureInfo } from './feature-info';
import { capabilitiesQuery, featureInfoQuery, type GridPoint } from './wms';

// The Coal Authority's coal-mining map layers: two services, one GetFeatureInfo each per screen, asking about every
// layer of the service the screen's rules name. The layers are found in each service's GetCapabilities (read once and
// kept for an hour: the layers of a service change with its releases, not between screens).

const capabilitiesKeptMs = 60 * 60 * 1000;

export type CoalService = keyof typeof coalServices;

export class CoalClient {
  private readonly root: string;
  private readonly layers = new Map<CoalService, { at: number; layers: Map<string, CoalLayer>; titles: Map<string, CoalLayer> }>();

  constructor(
    root: string,
    private readonly http: UpstreamHttp,
    private readonly now: () => number = Date.now,
  ) {
    this.root = root.replace(/\/+$/, '');
  }

  private url(service: CoalService, query: URLSearchParams) {
    return `${this.root}${coalWmsPath(coalServices[service])}?${query}`;
  }

  /** The service's layers the screen's rules name, by WMS layer name (and by title: Esri's answer may use either). */
  private async layersOf(service: CoalService, deadlineMs: number) {
    const kept = this.layers.get(service);
    if (kept && this.now() - kept.at < capabilitiesKeptMs) return kept;
    const answer = await this.http.request({ url: this.url(service, capabilitiesQuery()) }, deadlineMs);
    const layers = new Map<string, CoalLayer>();
    const titles = new Map<string, CoalLayer>();
    for (const layer of readCapabilities(answer.text, `coal ${service} capabilities`)) {
      const known = coalLayerOf(layer);
      if (!known) continue;
      layers.set(layer.name, known);
      titles.set(layer.title, known);
    }
    const found = { at: this.now(), layers, titles };
    this.layers.set(service, found);
    return found;
  }

  /** The screen's coal layers the point lies in, of one service. */
  async matched(service: CoalService, point: GridPoint, deadlineMs: number): Promise<Set<CoalLayer>> {
    const { layers, titles } = await this.layersOf(service, deadlineMs);
    if (layers.size === 0) throw new UpstreamFailure('malformed', `coal ${service}: its capabilities name none of the screen's layers`);
    const query = featureInfoQuery(point, [...layers.keys()], esriFeatureInfoFormat);
    const answer = await this.http.request({ url: this.url(service, query) }, deadlineMs);
    const hits = readFeatureInfo(answer.text, `coal ${service}`);
    const matched = new Set<CoalLayer>();
    for (const hit of hits) {
      const layer = hit.layer === null ? undefined : (layers.get(hit.layer) ?? titles.get(hit.layer));
      // A hit the answer does not attribute to a layer asked about cannot be placed under the rules: the answer is unusable.
      if (!layer)
        throw new UpstreamFailure('malformed', `coal ${service}: a feature of layer ${JSON.stringify(hit.layer)}, not asked about`);
      matched.add(layer);
    }
    return matched;
  }
}

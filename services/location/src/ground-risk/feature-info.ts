import { SaxesParser, type SaxesTagNS } from 'saxes';
import { UpstreamFailure } from '../upstreams/http';

// The two GetFeatureInfo answers of ArcGIS WMS services (contracts/src/location/map-services.ts): the plain `text/xml`
// one (a `<FIELDS attr="…"/>` per feature, no layer named) and Esri's per-layer one (a FeatureInfoCollection per layer
// with its `layername`, each feature's fields as FieldName/FieldValue pairs). Both are read into the same shape; what
// is not XML, or not one of these, is a failure of the service, never "nothing here". ArcGIS writes null as "Null".

export interface FeatureHit {
  /** The layer the feature is from; null in the plain answer, which does not say. */
  layer: string | null;
  fields: Record<string, string>;
}

const nullText = (value: string) => (value === 'Null' ? '' : value);

export const readFeatureInfo = (xml: string, what: string): FeatureHit[] => {
  const hits: FeatureHit[] = [];
  const parser = new SaxesParser({ xmlns: true });
  let root: string | undefined;
  let layer: string | null = null;
  let feature: Record<string, string> | null = null;
  let fieldName = '';
  let text = '';
  parser.on('opentag', (tag: SaxesTagNS) => {
    root ??= tag.local;
    text = '';
    switch (tag.local) {
      case 'FIELDS':
        hits.push({ layer: null, fields: Object.fromEntries(Object.values(tag.attributes).map((a) => [a.local, nullText(a.value)])) });
        break;
      case 'FeatureInfoCollection':
        layer = tag.attributes.layername?.value ?? null;
        break;
      case 'FeatureInfo':
        feature = {};
        break;
    }
  });
  parser.on('text', (t) => (text += t));
  parser.on('closetag', (tag: SaxesTagNS) => {
    if (tag.local === 'FieldName') fieldName = text.trim();
    else if (tag.local === 'FieldValue' && feature) feature[fieldName] = nullText(text.trim());
    else if (tag.local === 'FeatureInfo' && feature) {
      hits.push({ layer, fields: feature });
      feature = null;
    } else if (tag.local === 'FeatureInfoCollection') layer = null;
  });
  try {
    parser.write(xml).close();
  } catch (error) {
    throw new UpstreamFailure('malformed', `${what}: an answer that is not XML (${(error as Error).message.slice(0, 80)})`);
  }
  if (root !== 'FeatureInfoResponse')
    throw new UpstreamFailure('malformed', `${what}: not a GetFeatureInfo answer (root ${root ?? 'none'})`);
  return hits;
};

export interface CapabilityLayer {
  name: string;
  title: string;
}

/** The named layers of a WMS GetCapabilities document, with their titles. */
export const readCapabilities = (xml: string, what: string): CapabilityLayer[] => {
  const layers: CapabilityLayer[] = [];
  const parser = new SaxesParser({ xmlns: true });
  const stack: Array<{ name?: string; title?: string }> = [];
  let root: string | undefined;
  let text = '';
  parser.on('opentag', (tag: SaxesTagNS) => {
    root ??= tag.local;
    text = '';
    if (tag.local === 'Layer') stack.push({});
  });
  parser.on('text', (t) => (text += t));
  parser.on('closetag', (tag: SaxesTagNS) => {
    const current = stack.at(-1);
    if (tag.local === 'Name' && current && current.name === undefined) current.name = text.trim();
    else if (tag.local === 'Title' && current && current.title === undefined) current.title = text.trim();
    else if (tag.local === 'Layer') {
      const layer = stack.pop();
      if (layer?.name) layers.push({ name: layer.name, title: layer.title ?? layer.name });
    }
    text = '';
  });
  try {
    parser.write(xml).close();
  } catch (error) {
    throw new UpstreamFailure('malformed', `${what}: capabilities that are not XML (${(error as Error).message.slice(0, 80)})`);
  }
  if (root !== 'WMS_Capabilities' && root !== 'WMT_MS_Capabilities')
    throw new UpstreamFailure('malformed', `${what}: not WMS capabilities (root ${root ?? 'none'})`);
  return layers;
};

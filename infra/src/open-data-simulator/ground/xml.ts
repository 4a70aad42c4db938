import { esriNamespace } from '@pds/contracts';

// The answers of an ArcGIS WMS as its users see them: GetCapabilities, GetFeatureInfo as plain text/xml (CRLF between
// elements and `\n\r\n` after the declaration, as captured from BGS's service) and as Esri's per-layer XML.

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const declaration = '<?xml version="1.0" encoding="UTF-8"?>';

export const plainFeatureInfo = (features: ReadonlyArray<Record<string, string>>): string =>
  `${declaration}\n\r\n<FeatureInfoResponse xmlns:esri_wms="${esriNamespace}" xmlns="${esriNamespace}">\r\n` +
  features
    .map(
      (f) =>
        `<FIELDS ${Object.entries(f)
          .map(([k, v]) => `${k}="${escape(v)}"`)
          .join(' ')}></FIELDS>\r\n`,
    )
    .join('') +
  '</FeatureInfoResponse>';

export const esriFeatureInfo = (byLayer: ReadonlyArray<{ layer: string; features: ReadonlyArray<Record<string, string>> }>): string =>
  `${declaration}\r\n<FeatureInfoResponse version="1.3.0" xmlns:esri_wms="${esriNamespace}" xmlns="${esriNamespace}">\r\n` +
  byLayer
    .map(
      ({ layer, features }) =>
        `<FeatureInfoCollection layername="${escape(layer)}">` +
        features
          .map(
            (f) =>
              `<FeatureInfo>${Object.entries(f)
                .map(([k, v]) => `<Field><FieldName>${escape(k)}</FieldName><FieldValue>${escape(v)}</FieldValue></Field>`)
                .join('')}</FeatureInfo>`,
          )
          .join('') +
        '</FeatureInfoCollection>\r\n',
    )
    .join('') +
  '</FeatureInfoResponse>';

export const capabilities = (
  serviceTitle: string,
  layers: ReadonlyArray<{ name: string; title: string }>,
  formats: readonly string[],
): string =>
  `${declaration}\r\n<WMS_Capabilities version="1.3.0" xmlns="http://www.opengis.net/wms" xmlns:xlink="http://www.w3.org/1999/xlink">\r\n` +
  `<Service><Name>WMS</Name><Title>${escape(serviceTitle)}</Title></Service>\r\n` +
  `<Capability><Request><GetFeatureInfo>${formats.map((f) => `<Format>${escape(f)}</Format>`).join('')}</GetFeatureInfo></Request>\r\n` +
  `<Layer><Title>${escape(serviceTitle)}</Title><CRS>EPSG:27700</CRS>\r\n` +
  layers.map((l) => `<Layer queryable="1"><Name>${escape(l.name)}</Name><Title>${escape(l.title)}</Title></Layer>\r\n`).join('') +
  '</Layer></Capability></WMS_Capabilities>';

export const serviceException = (message: string) =>
  `${declaration}\r\n<ServiceExceptionReport version="1.3.0" xmlns="http://www.opengis.net/ogc"><ServiceException>${escape(message)}</ServiceException></ServiceExceptionReport>`;

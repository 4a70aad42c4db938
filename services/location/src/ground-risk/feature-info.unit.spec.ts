import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readCapabilities, readFeatureInfo } from './feature-info';

// The GetFeatureInfo answers of ArcGIS WMS services: BGS's real captures (fixtures/README.md), and Esri's per-layer
// form as ArcGIS Server documents it.

const fixture = (name: string) => readFileSync(join(__dirname, 'fixtures', name), 'utf8');

describe('reading a GetFeatureInfo answer', () => {
  it("reads BGS's plain answer: one feature per FIELDS element, every attribute as written", () => {
    const [bedrock, ...rest] = readFeatureInfo(fixture('bgs50k-wms-gfi-bedrock-tilford.xml'), 'geology');
    expect(rest).toEqual([]);
    expect(bedrock?.layer).toBeNull();
    expect(bedrock?.fields).toMatchObject({
      LEX_D: 'Folkestone Formation',
      RCS_D: 'Sandstone',
      MAX_TIME_D: 'Aptian Age',
      MIN_TIME_D: 'Albian Age',
      BGSTYPE: 'Bedrock',
      BROAD_D: ' ',
    });
    expect(Object.keys(bedrock?.fields ?? {})).toHaveLength(43);
    expect(readFeatureInfo(fixture('bgs50k-wms-gfi-superficial-tilford.xml'), 'geology')[0]?.fields.BGSTYPE).toBe('Superficial');
  });

  it('reads an answer with no feature as none', () => {
    expect(readFeatureInfo(fixture('bgs50k-wms-gfi-empty.xml'), 'geology')).toEqual([]);
  });

  it("reads Esri's per-layer answer, each feature with its layer, and ArcGIS's Null as empty", () => {
    const xml =
      '<?xml version="1.0" encoding="UTF-8"?>\r\n<FeatureInfoResponse version="1.3.0" xmlns:esri_wms="http://www.esri.com/wms" xmlns="http://www.esri.com/wms">\r\n' +
      '<FeatureInfoCollection layername="Coal.Outcrops"><FeatureInfo><Field><FieldName>OBJECTID</FieldName><FieldValue>28</FieldValue></Field>' +
      '<Field><FieldName>SEAM</FieldName><FieldValue>Null</FieldValue></Field></FeatureInfo></FeatureInfoCollection>\r\n' +
      '<FeatureInfoCollection layername="Mine.Entries"></FeatureInfoCollection>\r\n</FeatureInfoResponse>';
    expect(readFeatureInfo(xml, 'coal')).toEqual([{ layer: 'Coal.Outcrops', fields: { OBJECTID: '28', SEAM: '' } }]);
  });

  it('takes what is not a GetFeatureInfo answer (an HTML page, a cut answer, an exception) as a failure', () => {
    for (const text of [
      '<html><body>Service unavailable</body></html>',
      '<FeatureInfoResponse><FIELDS',
      'not xml at all',
      '<ServiceExceptionReport/>',
    ])
      expect(() => readFeatureInfo(text, 'coal')).toThrow(expect.objectContaining({ kind: 'malformed' }));
  });
});

describe('reading WMS capabilities', () => {
  it('lists the named layers with their titles, not the untitled root', () => {
    const xml =
      '<?xml version="1.0"?><WMS_Capabilities version="1.3.0" xmlns="http://www.opengis.net/wms"><Service><Name>WMS</Name><Title>S</Title></Service>' +
      '<Capability><Layer><Title>Specific risk</Title><Layer queryable="1"><Name>Coal.Outcrops</Name><Title>Coal Outcrops</Title></Layer>' +
      '<Layer queryable="1"><Name>0</Name><Title>Probable Shallow Coal Mine Workings</Title></Layer></Layer></Capability></WMS_Capabilities>';
    expect(readCapabilities(xml, 'coal')).toEqual([
      { name: 'Coal.Outcrops', title: 'Coal Outcrops' },
      { name: '0', title: 'Probable Shallow Coal Mine Workings' },
    ]);
    expect(() => readCapabilities('<html/>', 'coal')).toThrow(expect.objectContaining({ kind: 'malformed' }));
  });
});

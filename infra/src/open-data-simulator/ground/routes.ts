import { coalServices, coalWmsPath, esriFeatureInfoFormat, geologyLayers, geologyWmsPath, landslidesItemsPath } from '@pds/contracts';
import { bngToWgs84, wgs84ToBng } from '@pds/geo';
import { Router, type Request, type Response } from 'express';
import { faulted, type OpenDataFaults, type OpenDataOperation } from '../faults';
import { bedrockDivideNorthing, coalContextLayers, coalSpecificLayers, geologyFeatures, landslides, type SyntheticLayer } from './layers';
import { contains } from './shapes';
import { capabilities, esriFeatureInfo, plainFeatureInfo, serviceException } from './xml';

// The map services of the ground-risk screen over the synthetic layers (layers.ts): the Coal Authority's two WMS
// services and BGS's 1:50k geology WMS at their ArcGIS paths, and BGS's OGC API landslide index. Faults apply to
// GetFeatureInfo and to the landslide items, the requests of each screen (capabilities are read once and kept).

const param = (req: Request, name: string) => {
  const key = Object.keys(req.query).find((k) => k.toLowerCase() === name.toLowerCase());
  const value = key === undefined ? undefined : req.query[key];
  return typeof value === 'string' ? value : undefined;
};

/** The National Grid point of a GetFeatureInfo (the centre of pixel I, J of the BBOX), or why the request is refused. */
const pointOf = (req: Request): { e: number; n: number } | string => {
  if (param(req, 'CRS') !== 'EPSG:27700') return 'CRS must be EPSG:27700 here';
  const bbox = (param(req, 'BBOX') ?? '').split(',').map(Number);
  const [w, h, i, j] = ['WIDTH', 'HEIGHT', 'I', 'J'].map((k) => Number(param(req, k)));
  if (bbox.length !== 4 || bbox.some((v) => !Number.isFinite(v)) || [w, h, i, j].some((v) => !Number.isInteger(v)))
    return 'BBOX, WIDTH, HEIGHT, I and J are required';
  const [minE, minN, maxE, maxN] = bbox as [number, number, number, number];
  return { e: minE + ((i! + 0.5) * (maxE - minE)) / w!, n: maxN - ((j! + 0.5) * (maxN - minN)) / h! };
};

const wmsService = (
  router: Router,
  state: OpenDataFaults,
  path: string,
  title: string,
  operation: OpenDataOperation | undefined,
  layers: SyntheticLayer[],
) => {
  router.get(path, async (req: Request, res: Response) => {
    const request = (param(req, 'REQUEST') ?? '').toLowerCase();
    if (request === 'getcapabilities')
      return res.type('text/xml').send(capabilities(title, layers, ['text/xml', esriFeatureInfoFormat, 'text/html']));
    if (request !== 'getfeatureinfo')
      return res.status(400).type('text/xml').send(serviceException('REQUEST must be GetCapabilities or GetFeatureInfo'));
    if (operation && (await faulted(state, operation, res))) return;
    const at = pointOf(req);
    if (typeof at === 'string') return res.status(400).type('text/xml').send(serviceException(at));
    const asked = new Set((param(req, 'QUERY_LAYERS') ?? '').split(','));
    const hits = layers
      .filter((l) => asked.has(l.name))
      .map((l) => ({ layer: l.name, features: l.features.filter((f) => contains(f.shape, at.e, at.n)).map((f) => f.fields) }))
      .filter((l) => l.features.length > 0);
    const format = param(req, 'INFO_FORMAT') ?? 'text/xml';
    if (format === esriFeatureInfoFormat) return res.type('text/xml').send(esriFeatureInfo(hits));
    res.type('text/xml').send(plainFeatureInfo(hits.flatMap((h) => h.features)));
  });
};

const geologyAt = (e: number, n: number) =>
  geologyFeatures
    .filter((f) =>
      f.shape === 'everywhere-south'
        ? n < bedrockDivideNorthing
        : f.shape === 'everywhere-north'
          ? n >= bedrockDivideNorthing
          : contains(f.shape, e, n),
    )
    .map((f, i) => ({ OBJECTID: String(i + 1), Shape: 'Polygon', ...f.fields }));

const landslideFeatures = landslides.map((l) => {
  const { latitude, longitude } = bngToWgs84(l.easting, l.northing);
  return {
    type: 'Feature' as const,
    id: l.number,
    geometry: { type: 'Point' as const, coordinates: [Number(longitude.toFixed(6)), Number(latitude.toFixed(6))] },
    properties: {
      landslide_number: l.number,
      landslide_name: l.name,
      locality_details: l.locality,
      easting: l.easting,
      northing: l.northing,
      plus_or_minus_metres: l.plusOrMinusMetres,
      ls_id: l.number - 90_000,
      first_known_date_year: l.year,
      last_known_date_year: l.year,
    },
  };
});

export const groundRoutes = (state: OpenDataFaults): Router => {
  const router = Router();
  wmsService(
    router,
    state,
    coalWmsPath(coalServices.context),
    'Coal Authority planning policy constraints (SYNTHETIC)',
    'coal-planning-constraints',
    coalContextLayers,
  );
  wmsService(
    router,
    state,
    coalWmsPath(coalServices.specific),
    'Coal Authority specific risk (SYNTHETIC)',
    'coal-specific-risk',
    coalSpecificLayers,
  );
  const geology = geologyLayers.map((name) => ({ name, title: name.replace(/^BGS\.50k\./, '').replace(/\./g, ' '), features: [] }));
  router.get(geologyWmsPath, async (req: Request, res: Response) => {
    const request = (param(req, 'REQUEST') ?? '').toLowerCase();
    if (request === 'getcapabilities')
      return res.type('text/xml').send(capabilities('BGS Geology 1:50k (SYNTHETIC)', geology, ['text/xml', 'text/html']));
    if (request !== 'getfeatureinfo')
      return res.status(400).type('text/xml').send(serviceException('REQUEST must be GetCapabilities or GetFeatureInfo'));
    if (await faulted(state, 'bgs-geology', res)) return;
    const at = pointOf(req);
    if (typeof at === 'string') return res.status(400).type('text/xml').send(serviceException(at));
    res.type('text/xml').send(plainFeatureInfo(geologyAt(at.e, at.n)));
  });
  router.get(`/ogcapi${landslidesItemsPath}`, async (req: Request, res: Response) => {
    if (await faulted(state, 'bgs-landslides', res)) return;
    const bbox = (param(req, 'bbox') ?? '').split(',').map(Number);
    if (bbox.length !== 4 || bbox.some((v) => !Number.isFinite(v)))
      return res.status(400).json({ code: 'InvalidParameterValue', description: 'bbox must be minx,miny,maxx,maxy' });
    const [minLon, minLat, maxLon, maxLat] = bbox as [number, number, number, number];
    const limit = Math.min(10_000, Number(param(req, 'limit') ?? 10));
    const offset = Number(param(req, 'offset') ?? 0);
    const inBox = landslideFeatures.filter((f) => {
      const [lon, lat] = f.geometry.coordinates as [number, number];
      return lon >= minLon && lon <= maxLon && lat >= minLat && lat <= maxLat;
    });
    const page = inBox.slice(offset, offset + limit);
    const self = `${req.protocol}://${req.get('host')}${req.baseUrl}${landslidesItemsPath}`;
    const query = (o: number) => new URLSearchParams({ bbox: bbox.join(','), limit: String(limit), offset: String(o), f: 'json' });
    res.type('application/geo+json').json({
      type: 'FeatureCollection',
      features: page,
      numberMatched: inBox.length,
      numberReturned: page.length,
      links: [
        { type: 'application/geo+json', rel: 'self', title: 'This document as GeoJSON', href: `${self}?${query(offset)}` },
        ...(offset + limit < inBox.length
          ? [{ type: 'application/geo+json', rel: 'next', title: 'Items (next)', href: `${self}?${query(offset + limit)}` }]
          : []),
      ],
      timeStamp: new Date().toISOString(),
    });
  });
  return router;
};

/** The National Grid position of a WGS84 point, for tests that place themselves by latitude and longitude. */
export const gridOf = (latitude: number, longitude: number) => wgs84ToBng(latitude, longitude);

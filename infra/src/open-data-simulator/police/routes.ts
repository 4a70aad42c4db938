import { crimeCategories, policeApi } from '@pds/contracts';
import express, { Router, type Request, type Response } from 'express';
import { faulted, type OpenDataFaults } from '../faults';
import type { CrimeStore } from './crimes';

// The police.uk API as https://data.police.uk/docs/ documents it, under /police/api: street-level crimes by point
// (a one-mile radius) or by custom polygon (GET or form-encoded POST), the latest month, and its documented refusals:
// 400 for a GET longer than 4,094 characters, 503 for an area holding more than 10,000 crimes, 404 for an unknown
// category.

export interface PoliceApiState extends OpenDataFaults {
  crimes: CrimeStore;
}

const oneMileMetres = 1_609.344;
const maxGetLength = 4_094;

/** A ring around a point as the API's one-mile search (32 vertices on the mile). */
const mileAround = (lat: number, lng: number): Array<[number, number]> =>
  Array.from({ length: 32 }, (_, i) => {
    const theta = (2 * Math.PI * i) / 32;
    const dLat = (oneMileMetres * Math.cos(theta)) / 111_195;
    const dLng = (oneMileMetres * Math.sin(theta)) / (111_195 * Math.cos((lat * Math.PI) / 180));
    return [lat + dLat, lng + dLng];
  });

const ringOf = (poly: string): Array<[number, number]> | undefined => {
  const ring = poly.split(':').map((pair) => pair.split(',').map(Number));
  return ring.length >= 3 && ring.every((p) => p.length === 2 && p.every(Number.isFinite)) ? (ring as Array<[number, number]>) : undefined;
};

export const policeApiRoutes = (state: PoliceApiState): Router => {
  const router = Router();
  router.use(express.urlencoded({ extended: false, limit: '1mb' }));

  const streetCrimes = async (req: Request, res: Response) => {
    if (req.method === 'GET' && req.originalUrl.length > maxGetLength) return res.status(400).type('text/plain').send('');
    if (await faulted(state, 'police-street-crimes', res)) return;
    const category = String(req.params.category);
    const given = { ...(req.query as Record<string, string>), ...((req.body ?? {}) as Record<string, string>) };
    if (category !== 'all-crime' && !(category in crimeCategories)) return res.status(404).type('text/plain').send('');
    const month = given.date ?? state.crimes.latestMonth() ?? '';
    let ring: Array<[number, number]> | undefined;
    if (given.poly) ring = ringOf(given.poly);
    else if (given.lat && given.lng) ring = mileAround(Number(given.lat), Number(given.lng));
    if (!ring || !/^\d{4}-\d{2}$/.test(month)) return res.status(400).type('text/plain').send('');
    const found = state.crimes.inPolygon(ring, month).filter((c) => category === 'all-crime' || c.category === category);
    if (found.length > policeApi.policeApiMaxCrimes) return res.status(503).type('text/plain').send('');
    res.json(found);
  };
  router.get('/crimes-street/:category', streetCrimes);
  router.post('/crimes-street/:category', streetCrimes);
  router.get('/crime-last-updated', async (_req, res) => {
    if (await faulted(state, 'police-last-updated', res)) return;
    res.json({ date: `${state.crimes.latestMonth() ?? '2010-12'}-01` });
  });
  return router;
};

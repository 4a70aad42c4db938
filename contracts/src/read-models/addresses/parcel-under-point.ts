import type { Queryable } from '../read-model';
import { inspireParcels } from './contract';

// The INSPIRE index polygon under a point (the `inspire_parcels` read model). `ST_Covers`, not `ST_Contains`: a point
// on a parcel's edge is in it. Where polygons overlap (titles mapped over one another) the smallest is the most
// specific one.

type Ring = [number, number][];

export interface Parcel {
  inspireId: string;
  areaSquareMetres: number;
  /** Rings (exterior first) in WGS84 [longitude, latitude] and in British National Grid [easting, northing]. */
  wgs84: Ring[];
  bng: Ring[];
}

const sql = `
  SELECT inspire_id::text AS inspire_id,
         round(ST_Area(geom)::numeric, 1)::float8 AS area,
         ST_AsGeoJSON(ST_GeometryN(geom_wgs84, 1), 7) AS wgs84,
         ST_AsGeoJSON(ST_GeometryN(geom, 1), 2) AS bng
    FROM ${inspireParcels.relation}
   WHERE ST_Covers(geom, ST_SetSRID(ST_Point($1, $2), 27700))
   ORDER BY ST_Area(geom), inspire_id
   LIMIT 1`;

export const parcelUnderPoint = async (db: Queryable, eastings: number, northings: number): Promise<Parcel | null> => {
  const { rows } = await db.query<{ inspire_id: string; area: number; wgs84: string; bng: string }>(sql, [eastings, northings]);
  const row = rows[0];
  if (!row) return null;
  const rings = (geojson: string) => (JSON.parse(geojson) as { coordinates: Ring[] }).coordinates;
  return { inspireId: row.inspire_id, areaSquareMetres: row.area, wgs84: rings(row.wgs84), bng: rings(row.bng) };
};

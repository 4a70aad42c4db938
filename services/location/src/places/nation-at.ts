import type pg from 'pg';

// The nation of Great Britain (or Northern Ireland) a latitude and longitude lies in, from the nearest postcode the
// postcode datasets place within `withinMetres` (Code-Point Open's GB postcodes, and ONSPD's, which include Northern
// Ireland's). Each dataset's points have a GiST index on this very expression (see their `indexes`), so the nearest
// is one index probe.

export const postcodePointSql = 'ST_SetSRID(ST_MakePoint(longitude, latitude), 4326)::geography';
export const postcodePointIndex = `CREATE INDEX ON {table} USING gist ((${postcodePointSql})) WHERE latitude IS NOT NULL`;

const nearestSql = (relation: string) => `
  (SELECT country_code, ST_Distance(${postcodePointSql}, p.point, false) AS metres
     FROM ${relation}, (SELECT ST_SetSRID(ST_MakePoint($2, $1), 4326)::geography AS point) p
    WHERE latitude IS NOT NULL AND latitude <= 90
    ORDER BY ${postcodePointSql} <-> p.point LIMIT 1)`;

export const countryCodeAt = async (
  db: pg.Pool,
  latitude: number,
  longitude: number,
  withinMetres: number,
): Promise<string | undefined> => {
  const { rows } = await db.query<{ country_code: string | null; metres: number }>(
    `SELECT country_code, metres FROM (${nearestSql('codepoint_postcodes')} UNION ALL ${nearestSql('onspd_postcodes')}) n
      WHERE metres <= $3 ORDER BY metres LIMIT 1`,
    [latitude, longitude, withinMetres],
  );
  return rows[0]?.country_code ?? undefined;
};

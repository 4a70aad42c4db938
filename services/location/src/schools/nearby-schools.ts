import type { SchoolPhase } from '@pds/contracts';
import { openSchoolStatuses } from '@pds/contracts';
import type pg from 'pg';
import type { SchoolRow } from './school-answer';

// The imported GIAS establishments (`schools`) within a radius of a point, nearest first, each with its links
// (`school_links`). Distances are PostGIS's spherical great-circle distances (`use_spheroid` false), as crime's are:
// "within the radius" is what an independent haversine over the converted positions gives.

const point = 'ST_SetSRID(ST_MakePoint($1, $2), 4326)::geography';

export interface SchoolsAsked {
  latitude: number;
  longitude: number;
  radiusMetres: number;
  /** null: every phase. */
  phases: readonly SchoolPhase[] | null;
  includeClosed: boolean;
  limit: number;
}

/** The nearest `limit` establishments passing the filters, and how many pass within the radius in all. */
export const nearbySchools = async (db: pg.Pool, asked: SchoolsAsked): Promise<{ rows: SchoolRow[]; total: number }> => {
  const { rows } = await db.query<SchoolRow & { total: string }>(
    `SELECT s.urn, s.name, s.la_code, s.la_name, s.type_name, s.type_group, s.status, s.status_name, s.phase, s.phase_name,
            s.opened_on::text AS opened_on, s.closed_on::text AS closed_on, s.statutory_low_age, s.statutory_high_age,
            s.gender, s.religious_character, s.street, s.locality, s.address3, s.town, s.county, s.postcode,
            s.latitude, s.longitude, s.ofsted_published, s.ofsted_rating, s.ofsted_last_inspection::text AS ofsted_last_inspection,
            ST_Distance(s.geog, ${point}, false) AS distance,
            count(*) OVER () AS total,
            (SELECT coalesce(json_agg(json_build_object('link_urn', l.link_urn, 'link_name', l.link_name, 'link_type', l.link_type,
                                                        'link_established_on', l.link_established_on::text)), '[]'::json)
               FROM school_links l WHERE l.urn = s.urn) AS links
       FROM schools s
      WHERE ST_DWithin(s.geog, ${point}, $3, false)
        AND ($4::text[] IS NULL OR s.phase = ANY($4))
        AND ($5 OR s.status = ANY($6))
      ORDER BY distance, s.urn
      LIMIT $7`,
    [asked.longitude, asked.latitude, asked.radiusMetres, asked.phases, asked.includeClosed, openSchoolStatuses, asked.limit],
  );
  return { rows, total: Number(rows[0]?.total ?? 0) };
};

-- HM Land Registry INSPIRE Index Polygons (location service): spatial, so PostGIS (installed with the server by the
-- project's scripts). Each import loads a version table like this template; the view points at the serving one.
CREATE EXTENSION IF NOT EXISTS postgis;

CREATE TABLE inspire_parcels__v0 (
  inspire_id                    bigint NOT NULL,
  label                         text,
  national_cadastral_reference  text,
  valid_from                    timestamptz,
  begin_lifespan                timestamptz,
  geom                          geometry(MultiPolygon, 27700) NOT NULL,
  geom_wgs84                    geometry(MultiPolygon, 4326) NOT NULL
);
CREATE VIEW inspire_parcels AS SELECT * FROM inspire_parcels__v0;

-- police.uk street-level crime (location service): one row per published record, months of every force imported so
-- far (an import replaces the months of the forces its files hold, carrying the rest forward into the new version).
-- `geog` is the published (anonymised) point, null when the police could not place the record.
CREATE TABLE police_street_crimes__v0 (
  crime_id               text,
  month                  text NOT NULL,
  reported_by            text NOT NULL,
  falls_within           text,
  longitude              double precision,
  latitude               double precision,
  location               text,
  lsoa_code              text,
  lsoa_name              text,
  crime_type             text NOT NULL,
  category               text NOT NULL,
  last_outcome_category  text,
  context                text,
  geog                   geography(Point, 4326)
);
CREATE VIEW police_street_crimes AS SELECT * FROM police_street_crimes__v0;

-- planning.data.gov.uk's planning constraints (location service): one row per entity of each dataset imported, its
-- dataset-specific fields in `properties` as published, and its geometry (or point) as geography in WGS84.
CREATE TABLE planning_constraints__v0 (
  planning_dataset     text NOT NULL,
  entity               bigint NOT NULL,
  name                 text,
  reference            text,
  organisation_entity  text,
  start_date           text,
  end_date             date,
  entry_date           text,
  properties           jsonb NOT NULL,
  geog                 geography(Geometry, 4326) NOT NULL
);
CREATE VIEW planning_constraints AS SELECT * FROM planning_constraints__v0;

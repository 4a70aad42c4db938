-- GIAS (Get Information About Schools, DfE), location service. Versions load into tables of their own behind the
-- views (010_reference_datasets.sql). Read only by the location service itself: the gateway asks it over Kafka
-- (FindSchools), since an answer joins the two datasets around a place.

-- The establishments file (`gias`): one row per establishment of every status, the columns answers use found by
-- header name; `phase` and `status` are slugs of the published codes (`phase_name`, `status_name` as published).
-- `geog` is the file's easting and northing converted to WGS84, null when the file gives no position.
-- `ofsted_published` says whether the file carried the Ofsted columns (files up to January 2025).
CREATE TABLE schools__v0 (
  urn                     integer NOT NULL,
  name                    text NOT NULL,
  la_code                 text,
  la_name                 text,
  type_name               text,
  type_group              text,
  status                  text NOT NULL,
  status_name             text,
  phase                   text NOT NULL,
  phase_name              text,
  opened_on               date,
  closed_on               date,
  statutory_low_age       smallint,
  statutory_high_age      smallint,
  gender                  text,
  religious_character     text,
  street                  text,
  locality                text,
  address3                text,
  town                    text,
  county                  text,
  postcode                text,
  easting                 double precision,
  northing                double precision,
  latitude                double precision,
  longitude               double precision,
  ofsted_published        boolean NOT NULL,
  ofsted_rating           text,
  ofsted_last_inspection  date,
  geog                    geography(Point, 4326)
);
CREATE VIEW schools AS SELECT * FROM schools__v0;

-- The links file (`gias-links`): what establishment `link_urn` is to `urn` (`link_type` as published).
CREATE TABLE school_links__v0 (
  urn                  integer NOT NULL,
  link_urn             integer NOT NULL,
  link_name            text,
  link_type            text NOT NULL,
  link_established_on  date
);
CREATE VIEW school_links AS SELECT * FROM school_links__v0;

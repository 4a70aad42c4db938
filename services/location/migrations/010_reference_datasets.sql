-- Reference datasets (location service). Each import loads a version into a table of its own; the dataset's view
-- (the relation readers query) is pointed at the newest complete version when its DatasetVersionImported event is
-- projected, in one transaction, so readers see the old version until the new one is whole.

-- Every version ever recorded, projected from the `dataset-<name>` streams.
CREATE TABLE dataset_versions (
  dataset       text NOT NULL,
  version       integer NOT NULL,
  vintage       text NOT NULL,
  title         text NOT NULL,
  publisher     text NOT NULL,
  licence       text NOT NULL,
  attribution   text NOT NULL,
  checksum      text NOT NULL,
  rows          bigint NOT NULL,
  rejected      bigint NOT NULL,
  synthetic     boolean NOT NULL DEFAULT false,
  table_name    text NOT NULL,
  imported_at   timestamptz NOT NULL,
  serving       boolean NOT NULL DEFAULT false,
  PRIMARY KEY (dataset, version)
);
CREATE UNIQUE INDEX dataset_versions_one_serving ON dataset_versions (dataset) WHERE serving;

-- Read-model contract `dataset_versions_serving` (contracts/src/read-models/datasets.ts), read by the gateway.
CREATE VIEW dataset_versions_serving AS
  SELECT dataset, version, vintage, title, publisher, licence, attribution, rows, rejected, checksum, synthetic, imported_at
    FROM dataset_versions WHERE serving;

-- OS Code-Point Open: one row per live GB postcode, as published, with the coordinates converted to WGS84.
CREATE TABLE codepoint_postcodes__v0 (
  postcode              text NOT NULL,
  positional_quality    smallint NOT NULL,
  eastings              integer NOT NULL,
  northings             integer NOT NULL,
  country_code          text,
  nhs_regional_ha_code  text,
  nhs_ha_code           text,
  admin_county_code     text,
  admin_district_code   text,
  admin_ward_code       text,
  latitude              double precision,
  longitude             double precision
);
CREATE VIEW codepoint_postcodes AS SELECT * FROM codepoint_postcodes__v0;

-- ONS postcode to OA/LSOA/MSOA/LAD lookup: live and terminated UK postcodes with their census areas and names, as
-- published (`census` says which census's areas the release carries: 2011 for the May 2022 file).
CREATE TABLE ons_postcode_areas__v0 (
  postcode        text NOT NULL,
  pcd7            text NOT NULL,
  pcd8            text NOT NULL,
  dointr          text,
  doterm          text,
  usertype        smallint,
  census          smallint NOT NULL,
  oa_code         text,
  lsoa_code       text,
  msoa_code       text,
  lad_code        text,
  lsoa_name       text,
  msoa_name       text,
  lad_name        text,
  lad_name_welsh  text
);
CREATE VIEW ons_postcode_areas AS SELECT * FROM ons_postcode_areas__v0;

-- ONS Postcode Directory: every column as published (`published`), and the ones answers use, found by header name.
CREATE TABLE onspd_postcodes__v0 (
  postcode      text NOT NULL,
  dointr        text,
  doterm        text,
  usertype      smallint,
  eastings      integer,
  northings     integer,
  grid_quality  smallint,
  country_code  text,
  region_code   text,
  lad_code      text,
  ward_code     text,
  lsoa11cd      text,
  msoa11cd      text,
  lsoa21cd      text,
  msoa21cd      text,
  latitude      double precision,
  longitude     double precision,
  published     jsonb NOT NULL
);
CREATE VIEW onspd_postcodes AS SELECT * FROM onspd_postcodes__v0;

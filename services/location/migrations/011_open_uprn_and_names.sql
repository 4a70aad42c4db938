-- OS Open UPRN and OS Open Names (location service). Each import loads a version table like these templates; the view
-- points at the serving one (see 010_reference_datasets.sql).

-- OS Open UPRN: every GB UPRN's position, British National Grid and ETRS89 as OS publishes them.
CREATE TABLE open_uprn_positions__v0 (
  uprn          bigint NOT NULL,
  x_coordinate  double precision NOT NULL,
  y_coordinate  double precision NOT NULL,
  latitude      double precision NOT NULL,
  longitude     double precision NOT NULL
);
CREATE VIEW open_uprn_positions AS SELECT * FROM open_uprn_positions__v0;

-- OS Open Names: named places, roads and postcodes with their point, the view resolutions and bounding box.
CREATE TABLE open_names__v0 (
  id                     text NOT NULL,
  names_uri              text,
  name1                  text NOT NULL,
  name1_lang             text,
  name2                  text,
  name2_lang             text,
  type                   text NOT NULL,
  local_type             text,
  postcode_district      text,
  populated_place        text,
  district_borough       text,
  county_unitary         text,
  region                 text,
  country                text,
  geometry_x             double precision NOT NULL,
  geometry_y             double precision NOT NULL,
  latitude               double precision NOT NULL,
  longitude              double precision NOT NULL,
  most_detail_view_res   integer,
  least_detail_view_res  integer,
  mbr_xmin               double precision,
  mbr_ymin               double precision,
  mbr_xmax               double precision,
  mbr_ymax               double precision
);
CREATE VIEW open_names AS SELECT * FROM open_names__v0;

-- AddressBase Plus (location service): one row per postal address with its UPRN, position in both systems, the
-- Royal Mail fields, the address as shown (lines, town, one line) and its search words. Each import loads a version
-- table like this template; the view points at the serving one. Read by the gateway (read-model contract `addresses`).
CREATE TABLE addresses__v0 (
  uprn             bigint NOT NULL,
  udprn            bigint,
  parent_uprn      bigint,
  class            text,
  x_coordinate     double precision NOT NULL,
  y_coordinate     double precision NOT NULL,
  latitude         double precision NOT NULL,
  longitude        double precision NOT NULL,
  country          text NOT NULL,
  postcode         text NOT NULL,
  organisation     text,
  sub_building     text,
  building_name    text,
  building_number  text,
  thoroughfare     text,
  line1            text,
  line2            text,
  line3            text,
  town             text,
  single_line      text NOT NULL,
  search           tsvector NOT NULL
);
CREATE VIEW addresses AS SELECT * FROM addresses__v0;

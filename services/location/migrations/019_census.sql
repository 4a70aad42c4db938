-- Census 2021 of England and Wales, the Nomis bulk tables (location service, dataset census-2021): one row per
-- (table, geography level, area, category) with its count as published. `census_table` is the table (ts007a, ts054, …),
-- `level` lsoa, msoa or ltla, `category` our stable key of the published column (`total` for the table's total) and
-- `label` the column's category as published. Tables and levels add up: an import replaces the (table, level) parts
-- its files hold and carries the rest forward into the new version.
CREATE TABLE census_2021_counts__v0 (
  census_table  text NOT NULL,
  level         text NOT NULL,
  area_code     text NOT NULL,
  area_name     text NOT NULL,
  category      text NOT NULL,
  label         text NOT NULL,
  count         integer NOT NULL
);
CREATE VIEW census_2021_counts AS SELECT * FROM census_2021_counts__v0;

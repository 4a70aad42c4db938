-- Market series (location service, the owner of imported reference data; the gateway reads them through read models).
-- The UK House Price Index full file: one row per area and month, the published values kept for the answer (all
-- property types, and detached, semi-detached, terraced and flat), as published (Index: January 2015 = 100).
CREATE TABLE uk_hpi_months__v0 (
  month                        text NOT NULL,
  area_code                    text NOT NULL,
  region_name                  text,
  average_price                double precision,
  hpi_index                    double precision,
  index_sa                     double precision,
  change_1m                    double precision,
  change_12m                   double precision,
  average_price_sa             double precision,
  sales_volume                 integer,
  detached_price               double precision,
  detached_index               double precision,
  detached_change_1m           double precision,
  detached_change_12m          double precision,
  semi_detached_price          double precision,
  semi_detached_index          double precision,
  semi_detached_change_1m      double precision,
  semi_detached_change_12m     double precision,
  terraced_price               double precision,
  terraced_index               double precision,
  terraced_change_1m           double precision,
  terraced_change_12m          double precision,
  flat_price                   double precision,
  flat_index                   double precision,
  flat_change_1m               double precision,
  flat_change_12m              double precision
);
CREATE VIEW uk_hpi_months AS SELECT * FROM uk_hpi_months__v0;

-- Bank of England Database series: one row per series and observation date (Bank Rate IUDBEDR, the quoted household
-- interest rates); `month` (YYYY-MM of the date) is what a newer download replaces.
CREATE TABLE boe_series_values__v0 (
  series_code  text NOT NULL,
  date         date NOT NULL,
  month        text NOT NULL,
  value        double precision NOT NULL
);
CREATE VIEW boe_series_values AS SELECT * FROM boe_series_values__v0;

-- ONS time series (consumer price inflation): one row per series (CDID) and period, years (`2024`), quarters
-- (`2024 Q1`) and months (`2024-01`), with what the download says of the series.
CREATE TABLE ons_timeseries_values__v0 (
  cdid          text NOT NULL,
  dataset_id    text NOT NULL,
  title         text NOT NULL,
  unit          text NOT NULL,
  release_date  date NOT NULL,
  frequency     text NOT NULL,
  period        text NOT NULL,
  value         double precision NOT NULL
);
CREATE VIEW ons_timeseries_values AS SELECT * FROM ons_timeseries_values__v0;

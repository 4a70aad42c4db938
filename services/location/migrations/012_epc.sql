-- Energy performance certificates, domestic (location service): the register's bulk download, one row per certificate
-- as published (the lookups take a property's latest by lodgement date). The columns answers use are read by header
-- name, anomaly markers (NO DATA!, INVALID!, N/A, Not recorded) stored as null; `published` keeps every field of the
-- row as published, by header name. Versions load into tables of their own behind the view (010_reference_datasets.sql).
-- The view is the read model `energyCertificates` (contracts/src/read-models/energy-certificates): the analysis service
-- reads it through the queries published there; the EPC lookups are asked of the location service over Kafka
-- (DescribeEnergyCertificates), since an answer may need the live register.
CREATE TABLE epc_domestic_certificates__v0 (
  certificate_number           text NOT NULL,
  uprn                         text,
  uprn_source                  text,
  address1                     text,
  address2                     text,
  address3                     text,
  address                      text NOT NULL,
  postcode                     text NOT NULL,
  post_town                    text,
  local_authority              text,
  local_authority_label        text,
  current_energy_rating        text,
  potential_energy_rating      text,
  current_energy_efficiency    integer,
  potential_energy_efficiency  integer,
  property_type                text,
  built_form                   text,
  inspection_date              date,
  lodgement_date               date NOT NULL,
  lodgement_datetime           timestamp,
  transaction_type             text,
  total_floor_area             double precision,
  number_habitable_rooms       integer,
  construction_age_band        text,
  main_fuel                    text,
  mainheat_description         text,
  tenure                       text,
  report_type                  text,
  published                    jsonb NOT NULL
);
CREATE VIEW epc_domestic_certificates AS SELECT * FROM epc_domestic_certificates__v0;

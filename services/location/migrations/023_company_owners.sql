-- HM Land Registry's titles owned by UK companies (ccod) and by overseas companies (ocod): one row per title as
-- published, the up to four proprietors kept as a JSON array (name, company registration number, proprietorship
-- category, country incorporated for ocod, address lines). `change_indicator` is A in a full file, A or D in a
-- change-only file.
CREATE TABLE ccod_titles__v0 (
  title_number           text NOT NULL,
  tenure                 text NOT NULL,
  property_address       text,
  district               text,
  county                 text,
  region                 text,
  postcode               text,
  multiple_address       boolean NOT NULL,
  price_paid             bigint,
  proprietors            jsonb NOT NULL,
  date_proprietor_added  date,
  additional_proprietor  boolean NOT NULL,
  change_indicator       text NOT NULL
);
CREATE VIEW ccod_titles AS SELECT * FROM ccod_titles__v0;
CREATE TABLE ocod_titles__v0 (LIKE ccod_titles__v0);
CREATE VIEW ocod_titles AS SELECT * FROM ocod_titles__v0;

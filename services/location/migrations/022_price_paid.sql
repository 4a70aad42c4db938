-- HM Land Registry Price Paid Data: one row per registered sale as published (the ppd dataset; columns in the
-- publisher's order, https://www.gov.uk/guidance/about-the-price-paid-data). Category A (standard price paid) and B
-- (additional price paid) are both kept; `record_status` is A in a full file, and the monthly change file's A, C or D.
CREATE TABLE ppd_sales__v0 (
  transaction_id  text NOT NULL,
  price           integer NOT NULL,
  transfer_date   date NOT NULL,
  postcode        text,
  property_type   text NOT NULL,
  new_build       boolean NOT NULL,
  duration        text NOT NULL,
  paon            text,
  saon            text,
  street          text,
  locality        text,
  town            text,
  district        text,
  county          text,
  category        text NOT NULL,
  record_status   text NOT NULL
);
CREATE VIEW ppd_sales AS SELECT * FROM ppd_sales__v0;

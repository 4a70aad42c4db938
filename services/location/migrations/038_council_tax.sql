-- Council tax by local authority (the council-tax dataset): one row per authority (GSS code), its average Band D for
-- the year in pence, and the VOA's count of dwellings in each band at `counted_on` (null where none are counted).
CREATE TABLE council_tax_authorities__v0 (
  code          text NOT NULL,
  name          text NOT NULL,
  country       text NOT NULL,
  year          text NOT NULL,
  band_d_pence  integer,
  count_a       integer,
  count_b       integer,
  count_c       integer,
  count_d       integer,
  count_e       integer,
  count_f       integer,
  count_g       integer,
  count_h       integer,
  count_i       integer,
  counted_on    date
);
CREATE VIEW council_tax_authorities AS SELECT * FROM council_tax_authorities__v0;

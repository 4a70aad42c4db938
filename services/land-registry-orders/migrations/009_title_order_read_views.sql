-- Read-model contracts `title_order_views` and `title_order_files` (contracts/src/read-models/title-orders.ts), read
-- by the gateway for order status and document downloads. The orders service keeps these columns whatever it does
-- to its tables behind them.
CREATE VIEW title_order_views AS
  SELECT order_id, account_id, view FROM title_orders;

CREATE VIEW title_order_files AS
  SELECT document_id, order_id, account_id, kind, pdf, text FROM title_order_documents;

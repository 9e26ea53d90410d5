-- The request list's summary (lib/requests/queries.ts summarizeRequests: counts per state and the
-- requested and paid totals of up to 10,001 matching rows) filtered by state and dates, read from
-- the index alone: the merchant and state first, the dates as a range, then every other column the
-- summary reads or the tab filters on, so no matching row is fetched from the table
-- (bench/list-scale status_date_filter_summary).
CREATE INDEX "payment_requests_summary_idx" ON "payment_requests" USING btree ("merchant_id","status","created_at","kind","is_withdrawal","status_code","requested_amount","paid_amount");

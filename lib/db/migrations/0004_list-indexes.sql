DROP INDEX "payment_requests_merchant_created_idx";--> statement-breakpoint
CREATE INDEX "payment_requests_list_idx" ON "payment_requests" USING btree ("merchant_id","created_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "payment_requests_created_idx" ON "payment_requests" USING btree ("created_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "payment_requests_ref_id1_idx" ON "payment_requests" USING btree ("ref_id1");--> statement-breakpoint
CREATE INDEX "payment_requests_ref_id2_idx" ON "payment_requests" USING btree ("ref_id2");--> statement-breakpoint
CREATE INDEX "payment_requests_ref_id3_idx" ON "payment_requests" USING btree ("ref_id3");--> statement-breakpoint
CREATE INDEX "payment_requests_requested_amount_idx" ON "payment_requests" USING btree ("requested_amount");--> statement-breakpoint
CREATE INDEX "payment_requests_generated_amount_idx" ON "payment_requests" USING btree ("generated_amount");--> statement-breakpoint
CREATE INDEX "payment_requests_account_digits_idx" ON "payment_requests" USING btree ((reverse(coalesce("input" #>> '{destination,accountNo}', "input" #>> '{destination,promptPayId}', "provider_response" ->> 'payInBankAccountNo'))) text_pattern_ops);
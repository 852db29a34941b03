CREATE INDEX "products_price_idx" ON "products" USING btree ("price_nok","id");--> statement-breakpoint
CREATE INDEX "products_created_at_idx" ON "products" USING btree ("created_at","id");
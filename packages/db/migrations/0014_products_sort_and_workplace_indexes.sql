CREATE INDEX "user_info_workplace_hospital_id_idx" ON "user_info" USING btree ("workplace_hospital_id") WHERE "user_info"."workplace_hospital_id" is not null;--> statement-breakpoint
CREATE INDEX "user_info_workplace_clinic_id_idx" ON "user_info" USING btree ("workplace_clinic_id") WHERE "user_info"."workplace_clinic_id" is not null;--> statement-breakpoint
CREATE INDEX "user_info_workplace_custom_id_idx" ON "user_info" USING btree ("workplace_custom_id") WHERE "user_info"."workplace_custom_id" is not null;--> statement-breakpoint
CREATE INDEX "products_price_idx" ON "products" USING btree ("price_nok","id");--> statement-breakpoint
CREATE INDEX "products_created_at_idx" ON "products" USING btree ("created_at","id");
CREATE INDEX "email_verification_codes_expires_at_idx" ON "email_verification_codes" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "identity_sessions_expires_at_idx" ON "identity_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "outbox_messages_sent_at_idx" ON "outbox_messages" USING btree ("sent_at") WHERE "outbox_messages"."status" = 'sent';--> statement-breakpoint
CREATE INDEX "password_reset_tokens_expires_at_idx" ON "password_reset_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "refresh_token_families_absolute_expires_at_idx" ON "refresh_token_families" USING btree ("absolute_expires_at");--> statement-breakpoint
CREATE INDEX "refresh_token_families_revoked_at_idx" ON "refresh_token_families" USING btree ("revoked_at") WHERE "refresh_token_families"."revoked_at" is not null;--> statement-breakpoint
CREATE INDEX "users_pending_email_expires_at_idx" ON "users" USING btree ("pending_email_expires_at") WHERE "users"."pending_email_expires_at" is not null;
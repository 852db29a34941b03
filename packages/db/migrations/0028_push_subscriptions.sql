CREATE TABLE "push_subscriptions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"device_browser" text,
	"device_system" text,
	"last_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_subscriptions_endpoint_length_check" CHECK (length("push_subscriptions"."endpoint") <= 2048)
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "client_key" uuid;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "push_preview" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_key" ON "push_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_client_key_idx" ON "messages" USING btree ("conversation_id","sender_user_id","client_key") WHERE "messages"."client_key" is not null;
CREATE TABLE "user_company_blocks" (
	"blocker_user_id" integer NOT NULL,
	"blocked_company_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_company_blocks_blocker_user_id_blocked_company_id_pk" PRIMARY KEY("blocker_user_id","blocked_company_id")
);
--> statement-breakpoint
ALTER TABLE "user_company_blocks" ADD CONSTRAINT "user_company_blocks_blocker_user_id_users_id_fk" FOREIGN KEY ("blocker_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_company_blocks" ADD CONSTRAINT "user_company_blocks_blocked_company_id_partner_companies_id_fk" FOREIGN KEY ("blocked_company_id") REFERENCES "public"."partner_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_company_blocks_company_idx" ON "user_company_blocks" USING btree ("blocked_company_id");
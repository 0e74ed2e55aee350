CREATE TABLE "businesses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"business_type" text NOT NULL,
	"country" text NOT NULL,
	"sign_up_reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"features" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"approval_required" boolean DEFAULT false NOT NULL,
	"kyc_state" text DEFAULT 'CREATED' NOT NULL,
	"review_status" text DEFAULT 'PENDING' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"phone" text NOT NULL,
	"email_verified_at" timestamp with time zone,
	"two_factor_enabled" boolean DEFAULT false NOT NULL,
	"alert_on_login" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "business_users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"user_id" uuid,
	"email" text NOT NULL,
	"position" text DEFAULT '' NOT NULL,
	"state" text NOT NULL,
	"is_owner" boolean DEFAULT false NOT NULL,
	"roles" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"invited_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"business_id" uuid NOT NULL,
	"csrf_token" text NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "one_time_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" uuid,
	"business_user_id" uuid,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "email_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"codes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"state" text DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sign_in_audit" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"user_id" uuid,
	"ip" text NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"success" boolean NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "beneficiaries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"friendly_name" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"currency" text NOT NULL,
	"destination_type" text,
	"bank_details" jsonb,
	"blockchain" text,
	"address" text,
	"identifier" text NOT NULL,
	"destination_key" text NOT NULL,
	"state" text DEFAULT 'ACTIVE' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid,
	"code" text NOT NULL,
	"asset" text NOT NULL,
	"allow_negative" boolean DEFAULT false NOT NULL,
	"state" text DEFAULT 'ACTIVE' NOT NULL,
	"posted" bigint DEFAULT 0 NOT NULL,
	"pending_debits" bigint DEFAULT 0 NOT NULL,
	"pending_credits" bigint DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_no_overdraft" CHECK ("ledger_accounts"."allow_negative" or "ledger_accounts"."posted" - "ledger_accounts"."pending_debits" >= 0),
	CONSTRAINT "ledger_accounts_pending_non_negative" CHECK ("ledger_accounts"."pending_debits" >= 0 and "ledger_accounts"."pending_credits" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"kind" text NOT NULL,
	"debit_account_id" uuid NOT NULL,
	"credit_account_id" uuid NOT NULL,
	"asset" text NOT NULL,
	"amount" bigint NOT NULL,
	"pending_id" uuid,
	"reversal_of" uuid,
	"reference" text DEFAULT '' NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "ledger_transfers_amount_positive" CHECK ("ledger_transfers"."amount" > 0),
	CONSTRAINT "ledger_transfers_two_accounts" CHECK ("ledger_transfers"."debit_account_id" <> "ledger_transfers"."credit_account_id")
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"business_id" uuid NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"response_status" integer DEFAULT 0 NOT NULL,
	"response_body" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_business_id_key_pk" PRIMARY KEY("business_id","key")
);
--> statement-breakpoint
CREATE TABLE "accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"ledger_account_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"name" text NOT NULL,
	"type" text DEFAULT 'VIRTUAL_WALLET' NOT NULL,
	"state" text DEFAULT 'ACTIVE' NOT NULL,
	"classification" text DEFAULT 'institution' NOT NULL,
	"parent_account_id" uuid,
	"customer_id" uuid,
	"account_request_id" uuid,
	"deposit_addresses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"ledger_account_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"blockchain" text NOT NULL,
	"address" text NOT NULL,
	"name" text NOT NULL,
	"state" text DEFAULT 'ACTIVE' NOT NULL,
	"classification" text DEFAULT 'institution' NOT NULL,
	"parent_wallet_id" uuid,
	"customer_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deposit_identifiers" (
	"network" text NOT NULL,
	"identifier" text NOT NULL,
	"owner_kind" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"business_id" uuid NOT NULL,
	CONSTRAINT "deposit_identifiers_network_identifier_pk" PRIMARY KEY("network","identifier")
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"reference" text NOT NULL,
	"rail" text NOT NULL,
	"type" text NOT NULL,
	"direction" text NOT NULL,
	"state" text NOT NULL,
	"owner_kind" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"sending_amount" bigint NOT NULL,
	"sending_currency" text NOT NULL,
	"destination_amount" bigint NOT NULL,
	"destination_currency" text NOT NULL,
	"fee_amount" bigint DEFAULT 0 NOT NULL,
	"fee_currency" text NOT NULL,
	"fx_rate" text,
	"counterparty" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"beneficiary_id" uuid,
	"description" text DEFAULT '' NOT NULL,
	"sender_reference" text,
	"client_reference" text,
	"failure_reason" text,
	"is_retryable" boolean DEFAULT false NOT NULL,
	"txn_hash" text,
	"initiator_user_id" uuid,
	"approver_user_id" uuid,
	"approved_at" timestamp with time zone,
	"hold_transfer_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "account_request_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"type" text NOT NULL,
	"state" text DEFAULT 'CREATED' NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "account_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"state" text DEFAULT 'READY' NOT NULL,
	"owner_info" jsonb,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "transaction_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"transaction_id" uuid NOT NULL,
	"description" text NOT NULL,
	"value" text DEFAULT '' NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "statements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"owner_kind" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"format" text NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"state" text DEFAULT 'PENDING' NOT NULL,
	"failure_reason" text,
	"file" "bytea",
	"file_name" text,
	"content_type" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "statements_period" CHECK ("statements"."from_date" <= "statements"."to_date")
);
--> statement-breakpoint
CREATE TABLE "approval_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"scope" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"requester_user_id" uuid NOT NULL,
	"data_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" text DEFAULT 'PENDING' NOT NULL,
	"decided_by_user_id" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "business_users" ADD CONSTRAINT "business_users_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_users" ADD CONSTRAINT "business_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "beneficiaries" ADD CONSTRAINT "beneficiaries_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_debit_account_id_ledger_accounts_id_fk" FOREIGN KEY ("debit_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_credit_account_id_ledger_accounts_id_fk" FOREIGN KEY ("credit_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_ledger_account_id_ledger_accounts_id_fk" FOREIGN KEY ("ledger_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_ledger_account_id_ledger_accounts_id_fk" FOREIGN KEY ("ledger_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_request_tasks" ADD CONSTRAINT "account_request_tasks_request_id_account_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."account_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_requests" ADD CONSTRAINT "account_requests_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statements" ADD CONSTRAINT "statements_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "business_users_business_email" ON "business_users" USING btree ("business_id","email");--> statement-breakpoint
CREATE INDEX "business_users_user" ON "business_users" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_user" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "one_time_tokens_hash" ON "one_time_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "one_time_tokens_user" ON "one_time_tokens" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE INDEX "email_outbox_state" ON "email_outbox" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "email_outbox_to" ON "email_outbox" USING btree ("to","created_at");--> statement-breakpoint
CREATE INDEX "sign_in_audit_email" ON "sign_in_audit" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "sign_in_audit_ip" ON "sign_in_audit" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "beneficiaries_business_list" ON "beneficiaries" USING btree ("business_id","state","type","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "beneficiaries_live_destination" ON "beneficiaries" USING btree ("business_id","currency","destination_key") WHERE state = 'ACTIVE';--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_code" ON "ledger_accounts" USING btree ("code");--> statement-breakpoint
CREATE INDEX "ledger_accounts_business" ON "ledger_accounts" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "ledger_transfers_debit" ON "ledger_transfers" USING btree ("debit_account_id","seq");--> statement-breakpoint
CREATE INDEX "ledger_transfers_credit" ON "ledger_transfers" USING btree ("credit_account_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transfers_pending_once" ON "ledger_transfers" USING btree ("pending_id") WHERE pending_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transfers_reversed_once" ON "ledger_transfers" USING btree ("reversal_of") WHERE reversal_of is not null;--> statement-breakpoint
CREATE INDEX "accounts_business" ON "accounts" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE INDEX "accounts_parent" ON "accounts" USING btree ("parent_account_id");--> statement-breakpoint
CREATE INDEX "wallets_business" ON "wallets" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "wallets_address" ON "wallets" USING btree ("blockchain","address");--> statement-breakpoint
CREATE INDEX "transactions_business_recent" ON "transactions" USING btree ("business_id","rail","created_at","id");--> statement-breakpoint
CREATE INDEX "transactions_owner_recent" ON "transactions" USING btree ("owner_id","created_at","id");--> statement-breakpoint
CREATE INDEX "transactions_business_state" ON "transactions" USING btree ("business_id","rail","state","created_at");--> statement-breakpoint
CREATE INDEX "transactions_business_type" ON "transactions" USING btree ("business_id","rail","type","created_at");--> statement-breakpoint
CREATE INDEX "transactions_beneficiary" ON "transactions" USING btree ("business_id","beneficiary_id");--> statement-breakpoint
CREATE INDEX "transactions_search" ON "transactions" USING gin ((lower(reference || ' ' || description || ' ' || coalesce(counterparty->>'name', ''))) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "account_request_tasks_request" ON "account_request_tasks" USING btree ("request_id","position");--> statement-breakpoint
CREATE INDEX "account_requests_business" ON "account_requests" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE INDEX "transaction_documents_transaction" ON "transaction_documents" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "statements_business_recent" ON "statements" USING btree ("business_id","created_at","id");--> statement-breakpoint
CREATE INDEX "statements_pending" ON "statements" USING btree ("created_at") WHERE "statements"."state" = 'PENDING';--> statement-breakpoint
CREATE INDEX "approval_requests_business_state" ON "approval_requests" USING btree ("business_id","state","created_at");--> statement-breakpoint
CREATE INDEX "approval_requests_entity" ON "approval_requests" USING btree ("entity_id");
/**
 * The authorization matrix: one row per /api route the server registers, keyed "METHOD /api/url".
 * Reviewed by hand, NOT read from policies/policy.csv: the table is the expectation, the policy is the
 * implementation, and tests/api/authorization-matrix.test.ts checks the running server against it.
 *
 * who:    who may call it: "public" (no sign-in), "person" (a member's browser session, never an API
 *         key), "owner" (the business's owner, in person), "authenticated" (any member's session or
 *         API key), or a permission (SPEC §6); a list
 *         means any one of them; "person&<permission>" means a person holding that permission.
 * needs:  what the business must have: feature flags (SPEC §6) and "kyb_approved" (its verification).
 * params: for each path parameter, the kind of record it names, so the test can fill in ids (and use
 *         another business's real records of that kind).
 *
 * A new route without a row fails the test; so does a row whose route is gone.
 */
import type { Feature, Permission } from "../../policies/catalog.ts";

export type Who = "public" | "person" | "owner" | "authenticated" | Permission | `person&${Permission}`;
export type Need = Feature | "kyb_approved";
/** Records another business holds (the test makes real ones); "shared"/"public" kinds are not a business's own. */
export type Kind =
  | "member"
  | "inactive_member"
  | "invite"
  | "cancelled_invite"
  | "notification"
  | "session"
  | "beneficiary"
  | "crypto_beneficiary"
  | "account"
  | "wallet"
  | "account_request"
  | "task"
  | "payment"
  | "failed_payment"
  | "payment_document"
  | "crypto_transaction"
  | "crypto_document"
  | "approval_request"
  | "bulk_payment"
  | "payment_schedule"
  | "customer"
  | "business_customer"
  | "inactive_customer"
  | "sub_account"
  | "frozen_sub_account"
  | "settlement"
  | "draft_invoice"
  | "open_invoice"
  | "product"
  | "api_key"
  | "webhook"
  | "webhook_delivery"
  | "statement"
  | "saved_view"
  // Shared by every business: the partner deals catalogue (each sees its own redemption state) and the
  // account agreement (one text, rendered with the caller's business name).
  | "deal"
  | "agreement"
  // The name of a list (issue 30's column choices): every business has the same lists, each member their own choice.
  | "list_name"
  // Unguessable tokens and references of sign-in-free pages: they are the credential.
  | "invitation_token"
  | "invoice_reference"
  | "kyb_token"
  | "kyb_business"
  | "kyb_document";
export type Row = { who: Who | Who[]; needs?: Need[]; params?: Record<string, Kind> };

/** SPEC §6 names the permissions but no role table: this is the reviewed one (the roles screen must show the same). */
export const ROLE_PERMISSIONS: Record<"OWNER" | "ADMIN" | "APPROVER" | "INITIATOR" | "VIEWER", Permission[]> = {
  OWNER: [
    "transactions_approve",
    "approval_requests_read",
    "accounts_write",
    "transactions_write",
    "counterparties_write",
    "users_read",
    "users_write",
    "statements_read",
    "statements_write",
    "customers_write",
    "invoices_write",
  ],
  ADMIN: [
    "transactions_approve",
    "approval_requests_read",
    "accounts_write",
    "transactions_write",
    "counterparties_write",
    "users_read",
    "users_write",
    "statements_read",
    "statements_write",
    "customers_write",
    "invoices_write",
  ],
  APPROVER: ["transactions_approve", "approval_requests_read", "users_read", "statements_read"],
  INITIATOR: ["transactions_write", "counterparties_write", "statements_read", "statements_write", "customers_write", "invoices_write"],
  VIEWER: ["users_read", "statements_read"],
};

const FIAT_KYB: Need[] = ["fiat", "kyb_approved"];
const CRYPTO_KYB: Need[] = ["crypto", "kyb_approved"];

export const ROWS: Record<string, Row> = {
  // Platform
  "GET /api/health": { who: "public" },
  "GET /api/openapi.json": { who: "public" },

  // Sign-up, sign-in, password reset, invitations (SPEC §2: no sign-in needed)
  "POST /api/onboarding/register": { who: "public" },
  "POST /api/onboarding/verify-email": { who: "public" },
  "POST /api/onboarding/check-2fa": { who: "public" },
  "POST /api/onboarding/otp-code": { who: "public" },
  "POST /api/onboarding/login": { who: "public" },
  "POST /api/onboarding/password-reset/initiate": { who: "public" },
  "POST /api/onboarding/password-reset/complete": { who: "public" },
  "GET /api/onboarding/invitation/:token": { who: "public", params: { token: "invitation_token" } },
  "POST /api/onboarding/invitation/accept": { who: "public" },

  // The signed-in person's session and business
  "GET /api/session": { who: "person" },
  // Who is signed in here, if anyone: the console asks on every load, signed in or not (null when not).
  "GET /api/session/current": { who: "public" },
  "POST /api/session/logout": { who: "person" },
  "GET /api/businesses/profile": { who: "authenticated" },
  "GET /api/businesses/roles": { who: "person" },
  "GET /api/businesses/getting-started": { who: "authenticated" },
  "POST /api/businesses/getting-started/skip": { who: "person" },
  "POST /api/businesses/track": { who: "person" },
  // Live updates (server-sent events; answered 406 at once without Accept: text/event-stream)
  "GET /api/events": { who: "authenticated" },

  // Team (SPEC §2 Settings: user-management feature; §6 users_read / users_write)
  "GET /api/users": { who: "users_read", needs: ["user_management"] },
  "POST /api/users/invites": { who: "users_write", needs: ["user_management"] },
  "GET /api/users/:id": { who: "users_read", needs: ["user_management"], params: { id: "member" } },
  "PATCH /api/users/:id/roles": { who: "users_write", needs: ["user_management"], params: { id: "member" } },
  "POST /api/users/invites/:id/resend-email": { who: "users_write", needs: ["user_management"], params: { id: "invite" } },
  "POST /api/users/invites/:id/re-invite": { who: "users_write", needs: ["user_management"], params: { id: "cancelled_invite" } },
  "PATCH /api/users/invites/:id/cancel": { who: "users_write", needs: ["user_management"], params: { id: "invite" } },
  "PATCH /api/users/:id/activate": { who: "users_write", needs: ["user_management"], params: { id: "inactive_member" } },
  "PATCH /api/users/:id/deactivate": { who: "users_write", needs: ["user_management"], params: { id: "member" } },
  "DELETE /api/users/:id": { who: "users_write", needs: ["user_management"], params: { id: "member" } },
  "DELETE /api/users/:id/delete": { who: "users_write", needs: ["user_management"], params: { id: "member" } },

  // The audit log (issue 15): read and exported by whoever sees the team; no call changes it
  "GET /api/audit-log": { who: "users_read" },
  "GET /api/audit-log/verify": { who: "users_read" },
  "GET /api/audit-log/export": { who: "users_read" },

  // Approval rules (issue 15): everyone reads them, only the owner changes them, makers preview a payment's route
  "GET /api/approval-rules": { who: "authenticated" },
  "PUT /api/approval-rules": { who: "owner" },
  "POST /api/approval-rules/preview": { who: "transactions_write" },

  // Payee protection (issue 29): everyone reads the cooling period, only the owner changes it; writers check a beneficiary draft
  "GET /api/businesses/payee-protection": { who: "authenticated" },
  "PUT /api/businesses/payee-protection": { who: "owner" },
  "POST /api/v1/beneficiaries/check": { who: "counterparties_write" },

  // Settings: a person's own notifications and security; the business's extra destinations (users_write)
  "GET /api/settings/notifications": { who: "person" },
  "PATCH /api/settings/user-notifications": { who: "person" },
  "POST /api/settings/business-notifications": { who: "users_write" },
  "PATCH /api/settings/business-notifications/:id": { who: "users_write", params: { id: "notification" } },
  "DELETE /api/settings/business-notifications/:id": { who: "users_write", params: { id: "notification" } },
  "PATCH /api/settings/profile": { who: "person" },
  "GET /api/settings/security": { who: "person" },
  "GET /api/security/sessions": { who: "person" },
  "DELETE /api/security/sessions/others": { who: "person" },
  "DELETE /api/security/sessions/:id": { who: "person", params: { id: "session" } },
  "POST /api/settings/security/alert-on-login": { who: "person" },
  "DELETE /api/settings/security/alert-on-login": { who: "person" },
  "POST /api/settings/security/mfa/code": { who: "person" },
  "POST /api/settings/security/mfa": { who: "person" },
  "DELETE /api/settings/security/mfa": { who: "person" },
  "POST /api/settings/change-password": { who: "person" },

  // Beneficiaries (SPEC §6 counterparties_write); a crypto one's edit needs the crypto feature (checked in the handler)
  "GET /api/v1/beneficiaries": { who: "authenticated" },
  "GET /api/v1/beneficiaries/:id": { who: "authenticated", params: { id: "beneficiary" } },
  "POST /api/v1/beneficiaries": { who: "counterparties_write" },
  "PATCH /api/v1/beneficiaries/:id": { who: "counterparties_write", params: { id: "beneficiary" } },
  "PUT /api/v1/beneficiaries/:id/crypto": { who: "counterparties_write", needs: ["crypto"], params: { id: "crypto_beneficiary" } },
  "DELETE /api/v1/beneficiaries/:id/delete": { who: "counterparties_write", params: { id: "beneficiary" } },

  // Fiat accounts and account requests (fiat access; opening one needs accounts_write and KYB)
  "GET /api/accounts/corporate": { who: "authenticated", needs: ["fiat"] },
  "GET /api/accounts/:id": { who: "authenticated", needs: ["fiat"], params: { id: "account" } },
  "GET /api/accounts/:id/summary": { who: "authenticated", needs: ["fiat"], params: { id: "account" } },
  "GET /api/accounts/:id/transactions": { who: "authenticated", needs: ["fiat"], params: { id: "account" } },
  "POST /api/account-requests/corporate": { who: "accounts_write", needs: FIAT_KYB },
  "GET /api/account-requests/:id": { who: "authenticated", needs: ["fiat"], params: { id: "account_request" } },
  "POST /api/account-requests/tasks/:id/initialize": { who: "accounts_write", needs: FIAT_KYB, params: { id: "task" } },
  "POST /api/account-requests/tasks/:id/submit": { who: "accounts_write", needs: FIAT_KYB, params: { id: "task" } },
  "GET /api/data/agreements/:id/download": { who: "authenticated", needs: ["fiat"], params: { id: "agreement" } },
  "POST /api/businesses/features": { who: "accounts_write" },

  // Stablecoin wallets and sub-wallets (crypto access; creating needs accounts_write and KYB)
  "GET /api/crypto/v1/data/supported-assets": { who: "authenticated", needs: ["crypto"] },
  "POST /api/crypto/v1/assets/corporate": { who: "accounts_write", needs: CRYPTO_KYB },
  "GET /api/wallets": { who: "authenticated", needs: ["crypto"] },
  "POST /api/wallets": { who: "accounts_write", needs: CRYPTO_KYB },
  "GET /api/wallets/sub-wallets": { who: "authenticated", needs: ["crypto"] },
  "GET /api/wallets/institution/sub-wallet-distribution": { who: "authenticated", needs: ["crypto"] },
  "GET /api/wallets/institution/main": { who: "authenticated", needs: ["crypto"] },
  "GET /api/wallets/:id": { who: "authenticated", needs: ["crypto"], params: { id: "wallet" } },
  "GET /api/wallets/:id/summary": { who: "authenticated", needs: ["crypto"], params: { id: "wallet" } },
  "GET /api/wallets/:id/transactions": { who: "authenticated", needs: ["crypto"], params: { id: "wallet" } },

  // Transaction history: banking (every member; the screen shows a notice without fiat), crypto (crypto access)
  "GET /api/payments": { who: "authenticated" },
  "GET /api/payments/:id": { who: "authenticated", params: { id: "payment" } },
  "GET /api/payments/:id/receipt": { who: "authenticated", params: { id: "payment" } },
  "GET /api/payments/docs/:id/download": { who: "authenticated", params: { id: "payment_document" } },
  "GET /api/transactions": { who: "authenticated", needs: ["crypto"] },
  "GET /api/transactions/:id": { who: "authenticated", needs: ["crypto"], params: { id: "crypto_transaction" } },
  "GET /api/transactions/:id/receipt": { who: "authenticated", needs: ["crypto"], params: { id: "crypto_transaction" } },
  "GET /api/transactions/:id/documents/:docId": { who: "authenticated", needs: ["crypto"], params: { id: "crypto_transaction", docId: "crypto_document" } },

  // Sending money (SPEC §6 transactions_write; money moves only once KYB is approved)
  "POST /api/quotes/payment": { who: "transactions_write", needs: FIAT_KYB },
  "POST /api/payments": { who: "transactions_write", needs: FIAT_KYB },
  "POST /api/security/one-time-code": { who: "person" },
  "POST /api/security/step-up": { who: "person" },
  "POST /api/payments/:id/retry": { who: "transactions_write", needs: FIAT_KYB, params: { id: "failed_payment" } },
  "GET /api/transactions/network-fee": { who: "transactions_write", needs: CRYPTO_KYB },
  "POST /api/transactions/withdrawal": { who: "transactions_write", needs: CRYPTO_KYB },

  // Bulk payments (batch-payments feature and transactions_write; approvers see one they are asked to decide)
  // The route asks for the right to pay; the handler then asks the rule of the payments the schedule makes
  // (a bank schedule: payments create, so fiat; a stablecoin one: crypto), tested in payment-schedules.test.ts.
  "GET /api/payment-schedules": { who: "authenticated" },
  "GET /api/payment-schedules/upcoming": { who: "authenticated" },
  "GET /api/payment-schedules/:id": { who: "authenticated", params: { id: "payment_schedule" } },
  "POST /api/payment-schedules": { who: "transactions_write", needs: ["kyb_approved"] },
  "PATCH /api/payment-schedules/:id": { who: "transactions_write", needs: ["kyb_approved"], params: { id: "payment_schedule" } },
  "POST /api/payment-schedules/:id/pause": { who: "transactions_write", needs: ["kyb_approved"], params: { id: "payment_schedule" } },
  "POST /api/payment-schedules/:id/resume": { who: "transactions_write", needs: ["kyb_approved"], params: { id: "payment_schedule" } },
  "POST /api/payment-schedules/:id/cancel": { who: "transactions_write", needs: ["kyb_approved"], params: { id: "payment_schedule" } },
  "GET /api/bulk-payments/template.csv": { who: "transactions_write", needs: ["batch_payments"] },
  "POST /api/bulk-payments/read": { who: "transactions_write", needs: ["batch_payments", "kyb_approved"] },
  "POST /api/bulk-payments/check": { who: "transactions_write", needs: ["batch_payments", "kyb_approved"] },
  "POST /api/bulk-payments": { who: "transactions_write", needs: ["batch_payments", "kyb_approved"] },
  "GET /api/bulk-payments": { who: "transactions_write", needs: ["batch_payments"] },
  "GET /api/bulk-payments/:id": { who: ["transactions_write", "approval_requests_read"], needs: ["batch_payments"], params: { id: "bulk_payment" } },

  // Exchange: a quote's body names its source (account: fiat + KYB, wallet: crypto + KYB, checked in the handler)
  "POST /api/quotes/exchange": { who: "transactions_write" },
  "POST /api/payments/exchange": { who: "transactions_write", needs: ["fiat", "exchange", "kyb_approved"] },
  "POST /api/transactions/exchange": { who: "transactions_write", needs: CRYPTO_KYB },

  // Approvals (SPEC §6 approval_requests_read lists, transactions_approve decides)
  "GET /api/approval-requests": { who: "approval_requests_read" },
  "PATCH /api/approval-requests/:id/approve": { who: "transactions_approve", needs: ["kyb_approved"], params: { id: "approval_request" } },
  "PATCH /api/approval-requests/:id/reject": { who: "transactions_approve", needs: ["kyb_approved"], params: { id: "approval_request" } },
  "POST /api/approval-requests/batch-action/sync": { who: "transactions_approve", needs: ["kyb_approved"] },

  // Customers (SPEC §2 no feature; §6 customers_write)
  "POST /api/v2/customers": { who: "customers_write" },
  "GET /api/v2/customers": { who: "authenticated" },
  "GET /api/v2/customers/stats": { who: "authenticated" },
  "GET /api/v2/customers/:id": { who: "authenticated", params: { id: "customer" } },
  "DELETE /api/v2/customers/:id": { who: "customers_write", params: { id: "customer" } },
  "PATCH /api/v2/customers/:id/activate": { who: "customers_write", params: { id: "inactive_customer" } },
  "PATCH /api/v2/customers/:id/deactivate": { who: "customers_write", params: { id: "customer" } },
  "PATCH /api/v2/customers/:id/individual": { who: "customers_write", params: { id: "customer" } },
  "PATCH /api/v2/customers/:id/business": { who: "customers_write", params: { id: "business_customer" } },
  "PATCH /api/v2/customers/:id/country_data": { who: "customers_write", params: { id: "customer" } },
  "PUT /api/v2/customers/:id/billing_information": { who: "customers_write", params: { id: "customer" } },

  // Sub-accounts (sub-accounts feature; creating needs accounts_write and KYB; funding is transactions_write)
  "GET /api/sub-accounts/customer/requirements": { who: "accounts_write", needs: ["sub_accounts", "kyb_approved"] },
  "POST /api/sub-accounts": { who: "accounts_write", needs: ["sub_accounts", "kyb_approved"] },
  "GET /api/sub-accounts": { who: "authenticated", needs: ["sub_accounts"] },
  "GET /api/sub-accounts/master": { who: "authenticated", needs: ["sub_accounts"] },
  "GET /api/sub-accounts/:id": { who: "authenticated", needs: ["sub_accounts"], params: { id: "sub_account" } },
  "GET /api/sub-accounts/:id/summary": { who: "authenticated", needs: ["sub_accounts"], params: { id: "sub_account" } },
  "POST /api/sub-accounts/:id/freeze": { who: "accounts_write", needs: ["sub_accounts"], params: { id: "sub_account" } },
  "POST /api/sub-accounts/:id/unfreeze": { who: "accounts_write", needs: ["sub_accounts"], params: { id: "frozen_sub_account" } },
  "POST /api/transfers/internal": { who: "transactions_write", needs: FIAT_KYB },

  // FX settlements (SPEC §2: the list with sub-accounts, the details with FX settlements)
  "GET /api/settlements": { who: "authenticated", needs: ["sub_accounts"] },
  "GET /api/settlements/:id": { who: "authenticated", needs: ["fx_settlements"], params: { id: "settlement" } },
  "GET /api/settlements/:id/payments": { who: "authenticated", needs: ["fx_settlements"], params: { id: "settlement" } },
  "GET /api/settlements/:id/adjustments": { who: "authenticated", needs: ["fx_settlements"], params: { id: "settlement" } },
  "GET /api/settlements/:id/report": { who: "authenticated", needs: ["fx_settlements"], params: { id: "settlement" } },

  // Invoicing (invoicing feature; SPEC §6 invoices_write creates and edits invoices, products and settings)
  "GET /api/invoicing/invoices": { who: "authenticated", needs: ["invoicing"] },
  "POST /api/invoicing/invoices": { who: "invoices_write", needs: ["invoicing"] },
  "GET /api/invoicing/invoices/:id": { who: "authenticated", needs: ["invoicing"], params: { id: "open_invoice" } },
  "PUT /api/invoicing/invoices/:id": { who: "invoices_write", needs: ["invoicing"], params: { id: "draft_invoice" } },
  "POST /api/invoicing/invoices/:id/issue": { who: "invoices_write", needs: ["invoicing"], params: { id: "draft_invoice" } },
  "POST /api/invoicing/invoices/:id/send": { who: "invoices_write", needs: ["invoicing"], params: { id: "open_invoice" } },
  "POST /api/invoicing/invoices/:id/void": { who: "invoices_write", needs: ["invoicing"], params: { id: "open_invoice" } },
  "GET /api/invoicing/invoices/:id/download": { who: "authenticated", needs: ["invoicing"], params: { id: "open_invoice" } },
  "GET /api/invoicing/products": { who: "authenticated", needs: ["invoicing"] },
  "POST /api/invoicing/products": { who: "invoices_write", needs: ["invoicing"] },
  "GET /api/invoicing/products/:id": { who: "authenticated", needs: ["invoicing"], params: { id: "product" } },
  "PUT /api/invoicing/products/:id": { who: "invoices_write", needs: ["invoicing"], params: { id: "product" } },
  "DELETE /api/invoicing/products/:id": { who: "invoices_write", needs: ["invoicing"], params: { id: "product" } },
  "GET /api/invoicing/settings": { who: "authenticated", needs: ["invoicing"] },
  "PATCH /api/invoicing/settings": { who: "invoices_write", needs: ["invoicing"] },
  "GET /api/businesses/profile/logo": { who: "authenticated", needs: ["invoicing"] },
  "GET /api/businesses/profile/logo/file": { who: "authenticated", needs: ["invoicing"] },
  "PATCH /api/businesses/profile/logo": { who: "invoices_write", needs: ["invoicing"] },

  // The public invoice page (SPEC §2: no sign-in; the reference is the key)
  "GET /api/public/invoicing/invoices/:reference": { who: "public", params: { reference: "invoice_reference" } },
  "GET /api/public/invoicing/invoices/:reference/download": { who: "public", params: { reference: "invoice_reference" } },
  "GET /api/public/invoicing/invoices/:reference/logo": { who: "public", params: { reference: "invoice_reference" } },
  "POST /api/public/invoicing/invoices/:reference/payment-notification": { who: "public", params: { reference: "invoice_reference" } },

  // Partner deals (SPEC §2 /deals: every member browses; redeeming signs the business up, accounts_write)
  "GET /api/deals": { who: "authenticated" },
  "GET /api/deals/:id": { who: "authenticated", params: { id: "deal" } },
  "GET /api/deals/:id/redemption-instruction": { who: "authenticated", params: { id: "deal" } },
  "POST /api/deals/:id/redeem": { who: "accounts_write", params: { id: "deal" } },

  // Developers (SPEC §6 API_ACCESS): keys and webhooks are managed by people, never by a key; every member
  // sees them and disables their own keys; the business's webhooks are changed with users_write
  // (others' keys too: developers.test.ts, since that depends on the record)
  "GET /api/api-keys": { who: "person", needs: ["api_access"] },
  "GET /api/api-keys/:id": { who: "person", needs: ["api_access"], params: { id: "api_key" } },
  "POST /api/api-keys": { who: "person", needs: ["api_access"] },
  "POST /api/api-keys/:id/disable": { who: "person", needs: ["api_access"], params: { id: "api_key" } },
  "GET /api/iris/v1/client-webhooks/available-events": { who: "person", needs: ["api_access"] },
  "GET /api/iris/v1/client-webhooks": { who: "person", needs: ["api_access"] },
  "POST /api/iris/v1/client-webhooks": { who: "person&users_write", needs: ["api_access"] },
  "GET /api/iris/v1/client-webhooks/:id": { who: "person", needs: ["api_access"], params: { id: "webhook" } },
  "PUT /api/iris/v1/client-webhooks/:id": { who: "person&users_write", needs: ["api_access"], params: { id: "webhook" } },
  "PATCH /api/iris/v1/client-webhooks/:id/enable": { who: "person&users_write", needs: ["api_access"], params: { id: "webhook" } },
  "PATCH /api/iris/v1/client-webhooks/:id/disable": { who: "person&users_write", needs: ["api_access"], params: { id: "webhook" } },
  "GET /api/iris/v1/client-webhooks/:id/deliveries": { who: "person", needs: ["api_access"], params: { id: "webhook" } },
  "GET /api/iris/v1/client-webhooks/:id/deliveries/:deliveryId": {
    who: "person",
    needs: ["api_access"],
    params: { id: "webhook", deliveryId: "webhook_delivery" },
  },
  "POST /api/iris/v1/client-webhooks/:id/deliveries/:deliveryId/resend": {
    who: "person&users_write",
    needs: ["api_access"],
    params: { id: "webhook", deliveryId: "webhook_delivery" },
  },
  "POST /api/iris/v1/client-webhooks/:id/test": { who: "person&users_write", needs: ["api_access"], params: { id: "webhook" } },
  "POST /api/iris/v1/client-webhooks/:id/rotate-secret": { who: "person&users_write", needs: ["api_access"], params: { id: "webhook" } },

  // Saved views and column choices of the lists (issue 30): a person's own, never an API key's; who may
  // change which view (its member; the owner also deletes a shared one) is checked in tests/api/saved-views.test.ts.
  "GET /api/v1/saved-views": { who: "person" },
  "POST /api/v1/saved-views": { who: "person" },
  "PATCH /api/v1/saved-views/:id": { who: "person", params: { id: "saved_view" } },
  "DELETE /api/v1/saved-views/:id": { who: "person", params: { id: "saved_view" } },
  "GET /api/v1/list-preferences/:list": { who: "person", params: { list: "list_name" } },
  "PUT /api/v1/list-preferences/:list": { who: "person", params: { list: "list_name" } },

  // Statements (SPEC §6: statements_write creates, statements_read lists and downloads; the body's account or wallet asks for fiat or crypto in the handler)
  "POST /api/statements": { who: "statements_write" },
  "GET /api/statements": { who: "statements_read" },
  "GET /api/statements/:id": { who: "statements_read", params: { id: "statement" } },
  "GET /api/statements/:id/download": { who: "statements_read", params: { id: "statement" } },

  // FX rates (SPEC §2 /rates: every member)
  "GET /api/fx-rates/currencies": { who: "authenticated" },
  "GET /api/fx-rates": { who: "authenticated" },

  // Sandbox: the outside world (mailbox, deposits) and the sandbox KYB provider's page and reviewer
  "GET /api/sandbox/mailbox": { who: "public" },
  "POST /api/sandbox/deposits": { who: "public" },
  "POST /api/sandbox/step-up/expire": { who: "person" },
  "GET /api/sandbox/kyb/cases/:token": { who: "public", params: { token: "kyb_token" } },
  "PUT /api/sandbox/kyb/cases/:token/company": { who: "public", params: { token: "kyb_token" } },
  "PUT /api/sandbox/kyb/cases/:token/people": { who: "public", params: { token: "kyb_token" } },
  "POST /api/sandbox/kyb/cases/:token/documents": { who: "public", params: { token: "kyb_token" } },
  "DELETE /api/sandbox/kyb/cases/:token/documents/:id": { who: "public", params: { token: "kyb_token", id: "kyb_document" } },
  "POST /api/sandbox/kyb/cases/:token/submit": { who: "public", params: { token: "kyb_token" } },
  "GET /api/sandbox/kyb/reviews": { who: "public" },
  "GET /api/sandbox/kyb/reviews/:businessId": { who: "public", params: { businessId: "kyb_business" } },
  "GET /api/sandbox/kyb/reviews/:businessId/documents/:id": { who: "public", params: { businessId: "kyb_business", id: "kyb_document" } },
  "POST /api/sandbox/kyb/reviews/:businessId/decision": { who: "public", params: { businessId: "kyb_business" } },
};

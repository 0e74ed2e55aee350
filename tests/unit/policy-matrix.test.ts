/**
 * The access matrix, written from the SPEC (§2 routes, §6 permissions and feature flags) as one
 * table, checked against policies/ for every permission set × feature set. The server builds its
 * enforcer with loadAccess(): these files plus the screens' rules derived from the endpoints they
 * show; the UI asks the grants it derives.
 */
import { describe, expect, test } from "vitest";
import { loadAccess } from "../../policies/load.ts";
import { AUTHENTICATED, FEATURE_NAMES, KYB_APPROVED, PERMISSION_NAMES, PERSON } from "../../policies/catalog.ts";

const access = await loadAccess();

/** kyb: also needs the business's verification (KYB) approved (opening accounts, moving money, their screens). */
type Need = { obj: string; act: string; perm?: string; feature?: string; kyb?: boolean };

/** Screens of money and accounts: shown as locked until KYB approval (SPEC §2 locked features). */
const LOCKED_UNTIL_KYB = /^\/(accounts|sub-accounts|crypto\/(wallets|sub-wallets|send-stablecoins)|settlements|payments\/(send|bulk-payment))(\/|$)/;

/** SPEC §2 Routes: each screen with the permission and feature it needs (none = any member); "kyb" marks the locked ones. */
const SCREENS: Need[] = (
  [
    ["/"],
    ["/transactions"],
    ["/transactions/:id"],
    ["/settings"],
    ["/developers"],
    ["/accounts"],
    ["/accounts/:id"],
    ["/sub-accounts", undefined, "sub_accounts"],
    ["/sub-accounts/:id", undefined, "sub_accounts"],
    ["/crypto/wallets", undefined, "crypto"],
    ["/crypto/wallets/:id", undefined, "crypto"],
    ["/crypto/sub-wallets", undefined, "crypto"],
    ["/crypto/sub-wallets/:id", undefined, "crypto"],
    ["/crypto/send-stablecoins", "transactions_write", "crypto"],
    ["/crypto/beneficiaries", undefined, "crypto"],
    ["/crypto/beneficiaries/:id", undefined, "crypto"],
    ["/crypto/transactions", undefined, "crypto"],
    ["/crypto/transactions/:id"],
    ["/invoicing/invoices", undefined, "invoicing"],
    ["/invoicing/invoices/create", "invoices_write", "invoicing"],
    ["/invoicing/invoices/:id", undefined, "invoicing"],
    ["/invoicing/products", undefined, "invoicing"],
    ["/customers"],
    ["/customers/create", "customers_write"],
    ["/customers/:id"],
    ["/settlements", undefined, "sub_accounts"],
    ["/settlements/:id", undefined, "fx_settlements"],
    ["/payments/send", "transactions_write", "fiat"],
    ["/payments/send/money", "transactions_write", "fiat"],
    ["/payments/send/exchange", "transactions_write", "exchange"],
    ["/payments/bulk-payment", "transactions_write", "batch_payments"],
    ["/payments/bulk-payment/:id", "transactions_write", "batch_payments"],
    ["/payments/beneficiaries"],
    ["/payments/beneficiaries/:id"],
    ["/payments/beneficiaries/:id/edit", "counterparties_write"],
    ["/payments/beneficiaries/create", "counterparties_write"],
    ["/rates"],
    ["/deals"],
  ] as [string, string?, string?][]
).map(([path, perm, feature]) => ({ obj: `page:${path}`, act: "view", perm, feature, kyb: LOCKED_UNTIL_KYB.test(path) }));

/** SPEC §6 actions on the API objects built so far. */
const ACTIONS: Need[] = [
  { obj: "beneficiaries", act: "list" },
  { obj: "beneficiaries", act: "show" },
  { obj: "beneficiaries", act: "create", perm: "counterparties_write" },
  { obj: "beneficiaries", act: "edit", perm: "counterparties_write" },
  { obj: "beneficiaries", act: "delete", perm: "counterparties_write" },
  { obj: "crypto-beneficiaries", act: "list", feature: "crypto" },
  { obj: "crypto-beneficiaries", act: "create", perm: "counterparties_write", feature: "crypto" },
  { obj: "crypto-beneficiaries", act: "edit", perm: "counterparties_write", feature: "crypto" },
  { obj: "crypto-beneficiaries", act: "delete", perm: "counterparties_write", feature: "crypto" },
  { obj: "users", act: "list", perm: "users_read", feature: "user_management" },
  { obj: "users", act: "invite", perm: "users_write", feature: "user_management" },
  { obj: "users", act: "show", perm: "users_read", feature: "user_management" },
  { obj: "users", act: "edit", perm: "users_write", feature: "user_management" },
  { obj: "users", act: "delete", perm: "users_write", feature: "user_management" },
  { obj: "security", act: "read" },
  { obj: "security", act: "edit" },
  { obj: "preferences", act: "edit" },
  { obj: "business-notifications", act: "create", perm: "users_write" },
  { obj: "api-keys", act: "list", feature: "api_access" },
  { obj: "api-keys", act: "create", feature: "api_access" },
  { obj: "api-keys", act: "disable", feature: "api_access" },
  { obj: "webhooks", act: "list", feature: "api_access" },
  { obj: "api-keys", act: "disable-any", perm: "users_write", feature: "api_access" },
  { obj: "webhooks", act: "create", perm: "users_write", feature: "api_access" },
  { obj: "webhooks", act: "edit", perm: "users_write", feature: "api_access" },
  { obj: "business-notifications", act: "delete", perm: "users_write" },
  { obj: "accounts", act: "list", feature: "fiat" },
  { obj: "accounts", act: "show", feature: "fiat" },
  { obj: "accounts", act: "create", perm: "accounts_write", feature: "fiat", kyb: true },
  { obj: "wallets", act: "list", feature: "crypto" },
  { obj: "wallets", act: "create", perm: "accounts_write", feature: "crypto", kyb: true },
  { obj: "business-features", act: "create", perm: "accounts_write" },
  { obj: "transactions", act: "list" },
  { obj: "transactions", act: "show" },
  { obj: "crypto-transactions", act: "list", feature: "crypto" },
  { obj: "approval-requests", act: "list", perm: "approval_requests_read" },
  { obj: "approval-requests", act: "approve", perm: "transactions_approve", kyb: true },
  { obj: "payments", act: "create", perm: "transactions_write", feature: "fiat", kyb: true },
  { obj: "one-time-code", act: "create" },
  { obj: "step-up", act: "create" },
  { obj: "crypto-payments", act: "create", perm: "transactions_write", feature: "crypto", kyb: true },
  { obj: "bulk-payments", act: "list", perm: "transactions_write", feature: "batch_payments" },
  { obj: "exchange-quotes", act: "create", perm: "transactions_write" },
  { obj: "customers", act: "list" },
  { obj: "sub-accounts", act: "list", feature: "sub_accounts" },
  { obj: "sub-accounts", act: "create", perm: "accounts_write", feature: "sub_accounts", kyb: true },
  { obj: "sub-accounts", act: "freeze", perm: "accounts_write", feature: "sub_accounts" },
  { obj: "transfers", act: "create", perm: "transactions_write", feature: "fiat", kyb: true },
  { obj: "settlements", act: "list", feature: "sub_accounts" },
  { obj: "settlements", act: "show", feature: "fx_settlements" },
  { obj: "customers", act: "create", perm: "customers_write" },
  { obj: "customers", act: "edit", perm: "customers_write" },
  { obj: "customers", act: "delete", perm: "customers_write" },
  { obj: "exchanges", act: "create", perm: "transactions_write", feature: "fiat&exchange", kyb: true },
  { obj: "crypto-exchanges", act: "create", perm: "transactions_write", feature: "crypto", kyb: true },
  { obj: "bulk-payments", act: "create", perm: "transactions_write", feature: "batch_payments", kyb: true },
  { obj: "payments", act: "create", perm: "transactions_write", feature: "fiat", kyb: true },
  { obj: "payments", act: "retry", perm: "transactions_write", feature: "fiat", kyb: true },
  { obj: "fx-rates", act: "list" },
  { obj: "statements", act: "list", perm: "statements_read" },
  { obj: "statements", act: "create", perm: "statements_write" },
  { obj: "session", act: "read" },
  { obj: "business-profile", act: "read" },
  { obj: "invoices", act: "list", feature: "invoicing" },
  { obj: "invoices", act: "show", feature: "invoicing" },
  { obj: "invoices", act: "create", perm: "invoices_write", feature: "invoicing" },
  { obj: "invoices", act: "edit", perm: "invoices_write", feature: "invoicing" },
  { obj: "products", act: "list", feature: "invoicing" },
  { obj: "products", act: "create", perm: "invoices_write", feature: "invoicing" },
  { obj: "products", act: "delete", perm: "invoices_write", feature: "invoicing" },
  { obj: "invoice-settings", act: "show", feature: "invoicing" },
  { obj: "invoice-settings", act: "edit", perm: "invoices_write", feature: "invoicing" },
  { obj: "getting-started", act: "read" },
  { obj: "getting-started", act: "skip" },
  { obj: "tracking", act: "create" },
];

const permissionSets = [[], ...PERMISSION_NAMES.map((p) => [p]), PERMISSION_NAMES];
const featureSets = [[], ...FEATURE_NAMES.map((f) => [f]), FEATURE_NAMES].flatMap((f) => [f, [...f, KYB_APPROVED]]);

describe.each([...SCREENS, ...ACTIONS])("$obj $act", (need) => {
  test("allowed exactly when the permission and feature are held", () => {
    for (const perms of permissionSets) {
      for (const features of featureSets) {
        const has = (f: string) => (features as string[]).includes(f);
        const expected =
          (!need.perm || (perms as string[]).includes(need.perm)) && (!need.feature || need.feature.split("&").every(has)) && (!need.kyb || has(KYB_APPROVED));
        // A person's session (the console); API keys are checked below.
        const got = access.can({ permissions: [AUTHENTICATED, PERSON, ...perms], features }, need.obj, need.act);
        expect(got, `${need.obj} ${need.act} perms=[${perms}] features=[${features}]`).toBe(expected);
      }
    }
  });

  test("never allowed without signing in", () => {
    expect(access.can({ permissions: [], features: [...FEATURE_NAMES, KYB_APPROVED] }, need.obj, need.act)).toBe(false);
  });
});

test("sign-in-free calls are open to anyone; unknown objects and actions are denied", () => {
  const anyone = { permissions: [], features: [] };
  expect(access.can(anyone, "auth", "login")).toBe(true);
  expect(access.can(anyone, "health", "read")).toBe(true);
  // The public invoice page: its reference is the key, no session is involved.
  expect(access.can(anyone, "public-invoices", "show")).toBe(true);
  expect(access.can(anyone, "public-invoices", "notify")).toBe(true);
  expect(access.can(anyone, "public-invoices", "edit")).toBe(false);
  const everything = { permissions: [AUTHENTICATED, ...PERMISSION_NAMES], features: FEATURE_NAMES };
  expect(access.can(everything, "no-such-object", "list")).toBe(false);
  expect(access.can(everything, "beneficiaries", "approve")).toBe(false);
  // Actions are whole words: "list" does not match "listing" or "delete-all".
  expect(access.can(everything, "beneficiaries", "listing")).toBe(false);
});

test("an API key, whatever its grants, never reaches what only a person may do", () => {
  const key = { permissions: [AUTHENTICATED, ...PERMISSION_NAMES], features: [...FEATURE_NAMES, KYB_APPROVED] };
  for (const [obj, act] of [
    ["security", "read"],
    ["security", "edit"],
    ["preferences", "edit"],
    ["session", "read"],
    ["api-keys", "create"],
    ["api-keys", "disable-any"],
    ["webhooks", "edit"],
    ["one-time-code", "create"],
    ["step-up", "create"],
    ["sandbox-session", "expire-step-up"],
    ["page:/developers", "view"],
  ]) {
    expect(access.can(key, obj, act), `${obj} ${act}`).toBe(false);
    expect(access.can({ ...key, permissions: [...key.permissions, PERSON] }, obj, act), `${obj} ${act} as a person`).toBe(true);
  }
  // What keys are for stays open to them.
  expect(access.can(key, "accounts", "list")).toBe(true);
  expect(access.can(key, "payments", "create")).toBe(true);
});

test("roles map to the SPEC's permissions, OWNER and ADMIN to every one", () => {
  expect(access.permissionsOf(["OWNER"])).toEqual([...PERMISSION_NAMES].sort());
  expect(access.permissionsOf(["ADMIN"])).toEqual([...PERMISSION_NAMES].sort());
  expect(access.permissionsOf(["APPROVER"])).toEqual(["approval_requests_read", "statements_read", "transactions_approve", "users_read"]);
  expect(access.permissionsOf(["VIEWER"])).toEqual(["statements_read", "users_read"]);
  expect(access.permissionsOf(["VIEWER", "INITIATOR"])).toContain("counterparties_write");
  expect(access.permissionsOf(["NOBODY"])).toEqual([]);
});

import { describe, expect, test } from "vitest";
import { guardRedirect, safeRedirect } from "../../src/app/routing/guard.ts";
import { loadAccess } from "../../policies/load.ts";
import { AUTHENTICATED, KYB_APPROVED } from "../../policies/catalog.ts";

const access = await loadAccess();
const canAs = (permissions: string[], features: string[]) => (obj: string, act: string) =>
  access.can({ permissions: [AUTHENTICATED, ...permissions], features }, obj, act);
const nobody = () => false;

describe("route guard (SPEC §2)", () => {
  test("protected route without a session: /login keeping the redirect", () => {
    expect(guardRedirect({ kind: "protected", pattern: "/accounts/:id", location: "/accounts/7?tab=x", signedIn: false, can: nobody })).toBe(
      "/login?redirect=%2Faccounts%2F7%3Ftab%3Dx",
    );
    expect(guardRedirect({ kind: "protected", pattern: "/", location: "/", signedIn: false, can: nobody })).toBe("/login");
  });

  test("signed-in user on a sign-in-free page goes to /; open pages (/404, /public) stay", () => {
    const can = canAs([], []);
    expect(guardRedirect({ kind: "guest", pattern: "/login", location: "/login", signedIn: true, can })).toBe("/");
    expect(guardRedirect({ kind: "guest", pattern: "/login", location: "/login", signedIn: false, can })).toBeNull();
    expect(guardRedirect({ kind: "open", pattern: "/404", location: "/404", signedIn: true, can })).toBeNull();
    expect(guardRedirect({ kind: "open", pattern: "/public/apps/invoices/:reference", location: "/public/apps/invoices/X", signedIn: true, can })).toBeNull();
  });

  test("missing permission or feature goes to /", () => {
    // The app asks the guard what the member could open once verified: a KYB-locked screen is shown as locked, not redirected.
    const guard = (pattern: string, perms: string[], features: string[]) =>
      guardRedirect({ kind: "protected", pattern, location: pattern, signedIn: true, can: canAs(perms, [...features, KYB_APPROVED]) });
    expect(guard("/payments/beneficiaries/create", [], [])).toBe("/");
    expect(guard("/payments/beneficiaries/create", ["counterparties_write"], [])).toBeNull();
    // /create is not matched by the /:id rule, which any member may view.
    expect(guard("/payments/beneficiaries/:id", [], [])).toBeNull();
    expect(guard("/crypto/wallets", [], ["fiat"])).toBe("/");
    expect(guard("/crypto/wallets", [], ["crypto"])).toBeNull();
    expect(guard("/crypto/send-stablecoins", ["transactions_write"], ["fiat"])).toBe("/");
    expect(guard("/crypto/send-stablecoins", [], ["crypto"])).toBe("/");
    expect(guard("/crypto/send-stablecoins", ["transactions_write"], ["crypto"])).toBeNull();
    expect(guard("/payments/send/exchange", ["transactions_write"], [])).toBe("/");
    expect(guard("/settlements/:id", [], ["sub_accounts"])).toBe("/");
    expect(guard("/settlements/:id", [], ["fx_settlements"])).toBeNull();
    // A route missing from the policy is denied, never allowed by default.
    expect(guard("/not-in-policy", ["users_write"], ["crypto"])).toBe("/");
  });

  test("after login only a path of this site is followed", () => {
    expect(safeRedirect("/accounts?x=1")).toBe("/accounts?x=1");
    expect(safeRedirect(null)).toBe("/");
    expect(safeRedirect("https://evil.example")).toBe("/");
    expect(safeRedirect("//evil.example")).toBe("/");
    expect(safeRedirect("/\\evil.example")).toBe("/");
  });
});

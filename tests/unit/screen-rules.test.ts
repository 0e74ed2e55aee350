/**
 * The screens' policy rules are derived from the endpoints they show (policies/screen-rules.ts): no
 * "page:" line is written by hand, so a screen cannot drift from its API. The SPEC's route table is
 * checked against the result in policy-matrix.test.ts; here, the derivation itself.
 */
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { screenRules } from "../../policies/screen-rules.ts";
import { SCREENS } from "../../resources/pages.ts";
import { endpoint } from "../../resources/define-endpoint.ts";
import { lockedUntilVerified, type Screen } from "../../resources/define-screen.ts";
import { ROUTES } from "../../src/app/routing/routes.tsx";

const policy = readFileSync(new URL("../../policies/policy.csv", import.meta.url), "utf8");
const shows = (obj: string, act: string) =>
  endpoint({ method: "GET", path: `/${obj}`, summary: `${obj} ${act}`, tag: "t", access: { obj, act }, answer: { none: true } });

describe("screen rules", () => {
  test("policy.csv writes no screen rule: every one is derived", () => {
    expect(policy.split("\n").filter((l) => l.startsWith("p,") && l.includes("page:"))).toEqual([]);
  });

  test("every protected route of the console is a declared screen, and every declared screen a route", () => {
    const routes = ROUTES.filter((r) => r.kind === "protected").map((r) => r.path);
    expect(new Set(routes)).toEqual(new Set(SCREENS.map((s) => s.path)));
    expect(routes.length).toBe(new Set(routes).size);
  });

  test("a screen opens by its endpoint's rules: change the endpoint's and the screen follows", () => {
    const rule = "p, counterparties_write, beneficiaries, (create)|(edit)|(delete), *";
    expect(policy).toContain(rule);
    const create = (text: string) =>
      screenRules(text, SCREENS)
        .split("\n")
        .filter((l) => l.includes("page:/payments/beneficiaries/create,"));
    expect(create(policy)).toEqual(["p, counterparties_write, page:/payments/beneficiaries/create, view, *"]);
    const moved = policy.replace(rule, "p, users_write, beneficiaries, (create)|(edit)|(delete), crypto");
    expect(create(moved)).toEqual(["p, users_write, page:/payments/beneficiaries/create, view, crypto"]);
  });

  test("a declared difference is applied: features added and dropped, one permission kept", () => {
    const text = ["p, authenticated, things, (list)|(show), fiat", "p, approval_requests_read, things, show, fiat&crypto", "p, owner, things, delete, *"].join(
      "\n",
    );
    const screens: Screen[] = [
      { path: "/things", shows: shows("things", "list"), differs: lockedUntilVerified },
      { path: "/things/:id", shows: shows("things", "show") },
      { path: "/things/:id/plain", shows: shows("things", "show"), differs: { without: ["fiat"], onlyPermission: "approval_requests_read", why: "test" } },
    ];
    expect(screenRules(text, screens).split("\n")).toEqual([
      "p, authenticated, page:/things, view, fiat&kyb_approved",
      "p, authenticated, page:/things/:id, view, fiat",
      "p, approval_requests_read, page:/things/:id, view, fiat&crypto",
      "p, approval_requests_read, page:/things/:id/plain, view, crypto",
    ]);
  });

  test("a screen nobody could open, or one declared twice, stops start-up", () => {
    const text = "p, authenticated, things, list, *";
    expect(() => screenRules(text, [{ path: "/x", shows: shows("things", "show") }])).toThrow("screen /x: no policy rule allows things show");
    expect(() => screenRules(text, [{ path: "/x", shows: shows("things", "list"), differs: { onlyPermission: "users_write", why: "test" } }])).toThrow(
      "no policy rule allows things list for users_write",
    );
    const twice = { path: "/x", shows: shows("things", "list") };
    expect(() => screenRules(text, [twice, twice])).toThrow("screen /x is declared twice");
  });
});

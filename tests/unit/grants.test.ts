/**
 * The console decides menus and buttons from the session's grants (Access.grants) instead of running
 * Casbin itself. Those answers must be the enforcer's own: for every member a role set and a feature
 * set can make, every object and action of the policy, and actions no rule names, granted() and
 * Access.can() agree.
 */
import { describe, expect, test } from "vitest";
import { loadAccess } from "../../policies/load.ts";
import { granted } from "../../policies/grants.ts";
import { AUTHENTICATED, FEATURE_NAMES, KYB_APPROVED, PERSON, PUBLIC } from "../../policies/catalog.ts";

const access = await loadAccess();
const roles = access.roles().map((r) => r.name);
const policyText = (await import("node:fs")).readFileSync(new URL("../../policies/policy.csv", import.meta.url), "utf8");
const rules = policyText
  .split("\n")
  .filter((l) => l.startsWith("p,"))
  .map((l) => l.split(",").map((x) => x.trim()));
const objects = [...new Set(rules.map((r) => r[2]))];
/** Every action a rule names, plus some no rule names (a ".*" rule allows them; others refuse them). */
const actions = [...new Set(rules.flatMap((r) => r[3].split("|").map((a) => a.replace(/[()]/g, ""))).filter((a) => a !== ".*")), "purge", "any"];

const subjects = [
  { name: "signed out", permissions: [PUBLIC], features: [] },
  ...roles.flatMap((role) => [
    {
      name: `${role}, all features, KYB approved`,
      permissions: [AUTHENTICATED, PERSON, ...access.permissionsOf([role])],
      features: [...FEATURE_NAMES, KYB_APPROVED],
    },
    { name: `${role}, all features, KYB pending`, permissions: [AUTHENTICATED, PERSON, ...access.permissionsOf([role])], features: [...FEATURE_NAMES] },
    { name: `${role} API key, fiat only`, permissions: [AUTHENTICATED, ...access.permissionsOf([role])], features: ["fiat", KYB_APPROVED] },
  ]),
];

describe("session grants give the enforcer's answers", () => {
  test.each(subjects)("$name", ({ permissions, features }) => {
    const grants = access.grants({ permissions, features });
    let allowed = 0;
    for (const obj of [...objects, "not-a-policy-object"])
      for (const act of actions) {
        const expected = access.can({ permissions, features }, obj, act);
        expect(granted(grants, obj, act), `${obj} ${act}`).toBe(expected);
        if (expected) allowed++;
      }
    // Not vacuous: members are allowed something, the signed-out caller almost nothing.
    if (permissions.includes(AUTHENTICATED)) expect(allowed).toBeGreaterThan(10);
  });

  test("the owner's grants name screens and actions the console asks", () => {
    const owner = access.grants({ permissions: [AUTHENTICATED, PERSON, ...access.permissionsOf(["OWNER"])], features: [...FEATURE_NAMES, KYB_APPROVED] });
    expect(granted(owner, "page:/payments/send/money", "view")).toBe(true);
    const viewer = access.grants({ permissions: [AUTHENTICATED, PERSON, ...access.permissionsOf(["VIEWER"])], features: [...FEATURE_NAMES, KYB_APPROVED] });
    expect(granted(viewer, "page:/payments/send/money", "view")).toBe(false);
  });
});

/**
 * Builds the Casbin enforcer from model.conf + policy.csv. Isomorphic: the server passes the files'
 * text read from disk, the UI passes them imported as raw strings. Same rules, same answers.
 */
import { newEnforcer, newModelFromString, StringAdapter, type Enforcer } from "casbin";
import { AUTHENTICATED, PERMISSION_NAMES, PUBLIC, type Permission } from "./catalog.ts";

export type Subject = { permissions: readonly string[]; features: readonly string[] };

/** "x in the space-separated list, or the policy asks for nothing (*)"; "a&b" asks for both. */
function listHas(list: string, item: string): boolean {
  if (item === "*") return true;
  return item.split("&").every((one) => ` ${list} `.includes(` ${one} `));
}

export class Access {
  private cache = new Map<string, boolean>();
  constructor(private enforcer: Enforcer) {}

  can(subject: Subject, obj: string, act: string): boolean {
    const perms = [PUBLIC, ...subject.permissions].join(" ");
    const features = subject.features.join(" ");
    const key = `${perms}|${features}|${obj}|${act}`;
    let allowed = this.cache.get(key);
    if (allowed === undefined) {
      allowed = this.enforcer.enforceSync(perms, features, obj, act);
      if (this.cache.size > 10_000) this.cache.clear();
      this.cache.set(key, allowed);
    }
    return allowed;
  }

  /** The permissions a set of roles grants, plus the signed-in pseudo-permission. */
  permissionsOf(roles: readonly string[]): Permission[] {
    const out = new Set<Permission>();
    for (const role of roles) {
      for (const p of this.enforcer.getModel().model.get("g")?.get("g")?.policy ?? []) {
        if (p[0] === role && (PERMISSION_NAMES as string[]).includes(p[1])) out.add(p[1] as Permission);
      }
    }
    return [...out].sort();
  }

  /** Role names declared in the policy, with their permissions. */
  roles(): { name: string; permissions: Permission[] }[] {
    const names = new Set((this.enforcer.getModel().model.get("g")?.get("g")?.policy ?? []).map((p) => p[0]));
    return [...names].map((name) => ({ name, permissions: this.permissionsOf([name]) }));
  }

  /** Objects the policy names, so a route can be checked for having a rule at all. */
  hasRuleFor(obj: string): boolean {
    const rules = this.enforcer.getModel().model.get("p")?.get("p")?.policy ?? [];
    return rules.some((p) => p[1] === obj);
  }
}

export async function createAccess(modelText: string, policyText: string): Promise<Access> {
  // StringAdapter wants plain CSV lines: drop comments and blanks.
  const csv = policyText
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith("#"))
    .join("\n");
  const enforcer = await newEnforcer(newModelFromString(modelText), new StringAdapter(csv));
  await enforcer.addFunction("listHas", (a: string, b: string) => listHas(a, b));
  return new Access(enforcer);
}

export { AUTHENTICATED, PUBLIC };

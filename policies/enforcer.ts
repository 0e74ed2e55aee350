/**
 * Builds the Casbin enforcer from model.conf + policy.csv (the server, and tests, pass the files'
 * text). The console gets its answers from it through the session's grants (policies/grants.ts).
 */
import { newEnforcer, newModelFromString, StringAdapter, type Enforcer } from "casbin";
import { AUTHENTICATED, PERMISSION_NAMES, PUBLIC, type Permission } from "./catalog.ts";
import { ANY_ACTION, type Grants } from "./grants.ts";

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

  /**
   * Everything a subject may do, as { object: actions }, each answer the enforcer's own; "*" stands
   * for any action (a rule written ".*"). The console asks this map instead of loading Casbin: the
   * same answers without shipping the enforcer to every browser.
   */
  grants(subject: Subject): Grants {
    const key = `${subject.permissions.join(" ")}|${subject.features.join(" ")}`;
    let out = this.grantsCache.get(key);
    if (!out) {
      out = this.grantsOf(subject);
      if (this.grantsCache.size > 1000) this.grantsCache.clear();
      this.grantsCache.set(key, out);
    }
    return out;
  }
  private grantsCache = new Map<string, Grants>();

  private grantsOf(subject: Subject): Grants {
    const out: Grants = {};
    for (const [obj, acts] of this.actionsByObject()) {
      const allowed = [...acts].filter((act) => this.can(subject, obj, act === ANY_ACTION ? "any" : act));
      if (allowed.length) out[obj] = allowed.includes(ANY_ACTION) ? [ANY_ACTION] : allowed.sort();
    }
    return out;
  }

  /** Each object with the actions its rules name: "(list)|(show)" names list and show. */
  actionsByObject(): Map<string, Set<string>> {
    if (this.actions) return this.actions;
    const map = new Map<string, Set<string>>();
    for (const [, obj, act] of this.enforcer.getModel().model.get("p")?.get("p")?.policy ?? []) {
      const names = act === ".*" ? [ANY_ACTION] : act.split("|").map((a) => a.replace(/^\((.*)\)$/, "$1"));
      // A rule's action is a regular expression; only plain alternations can be listed as actions.
      for (const name of names) if (name !== ANY_ACTION && !/^[a-z][a-z-]*$/.test(name)) throw new Error(`policy action "${act}" of ${obj} cannot be listed`);
      map.set(obj, new Set([...(map.get(obj) ?? []), ...names]));
    }
    return (this.actions = map);
  }
  private actions?: Map<string, Set<string>>;

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
  const access = new Access(enforcer);
  // A rule whose actions cannot be listed for the console's grants stops start-up, not a later request.
  access.actionsByObject();
  return access;
}

export { AUTHENTICATED, PUBLIC };

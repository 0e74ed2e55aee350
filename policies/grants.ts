/**
 * The policy's answers for one subject, as the server's enforcer gave them (Access.grants), so the
 * console decides menus and buttons without shipping Casbin to the browser. Kept apart from
 * enforcer.ts so that importing it does not bring Casbin along.
 */

/** What a subject may do: object -> the actions allowed on it ("*": any). */
export type Grants = Record<string, string[]>;
export const ANY_ACTION = "*";

/** The console's question of a Grants map: the same answer the enforcer gave for this subject. */
export function granted(grants: Grants | undefined, obj: string, act: string): boolean {
  const acts = grants?.[obj];
  return !!acts && (acts.includes(act) || acts.includes(ANY_ACTION));
}

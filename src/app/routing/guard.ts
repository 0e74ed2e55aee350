/**
 * The route guard of SPEC §2 as a pure decision, so every rule is unit-tested:
 * - a protected route without a session goes to /login keeping a redirect parameter;
 * - a signed-in user on a sign-in-free page other than /404 and /public goes to / (or, right after
 *   login, to the page's redirect parameter when it is a path of this site);
 * - a missing feature or permission sends the user to /.
 * (Unknown routes are the router's: they render /404.)
 */
export type RouteKind = "protected" | "guest" | "open";

export type GuardInput = {
  kind: RouteKind;
  /** The route's pattern, e.g. "/accounts/:id": the policy object is "page:" + pattern. */
  pattern: string;
  /** Where the user is now, path + query, for the redirect parameter. */
  location: string;
  signedIn: boolean;
  can: (obj: string, act: string) => boolean;
};

export function guardRedirect({ kind, pattern, location, signedIn, can }: GuardInput): string | null {
  if (kind === "open") return null;
  if (kind === "guest") return signedIn ? safeRedirect(new URLSearchParams(location.split("?")[1] ?? "").get("redirect")) : null;
  if (!signedIn) return location === "/" ? "/login" : `/login?redirect=${encodeURIComponent(location)}`;
  return can(`page:${pattern}`, "view") ? null : "/";
}

/** Where to go after signing in: the redirect parameter when it is a path of this site, else /. */
export function safeRedirect(param: string | null): string {
  if (!param?.startsWith("/") || param.startsWith("//") || param.startsWith("/\\")) return "/";
  return param;
}

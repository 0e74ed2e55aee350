/**
 * Refine's accessControlProvider over the same policy the server enforces. Menu entries and buttons
 * ask for a resource + action; a resource's screen is the "page:<route>" object of the policy, and
 * any other action is asked of the resource's API object as it is.
 */
import type { AccessControlProvider } from "@refinedev/core";

export type ResourceRoutes = Partial<Record<"list" | "create" | "edit" | "show", string>>;
const ROUTE_OF_ACTION: Record<string, keyof ResourceRoutes> = { list: "list", create: "create", edit: "edit", show: "show", clone: "create" };

/** canView decides screens (menu entries, links to pages); can decides API actions. */
export function accessControl(
  can: (obj: string, act: string) => boolean,
  routesOf: (resource: string) => ResourceRoutes | ResourceRoutes[] | undefined,
  canView: (obj: string, act: string) => boolean = can,
): AccessControlProvider {
  return {
    can: async ({ resource, action }) => {
      if (!resource) return { can: false };
      const known = routesOf(resource);
      const routes = (Array.isArray(known) ? known : known ? [known] : []).map((r) => r[ROUTE_OF_ACTION[action]]).filter(Boolean);
      const allowed = routes.length ? routes.some((route) => canView(`page:${route}`, "view")) : can(resource, action);
      return allowed ? { can: true } : { can: false, reason: "You do not have permission to do this" };
    },
    options: { buttons: { enableAccessControl: true, hideIfUnauthorized: true } },
  };
}

/** Team users (SPEC §3 Business user, §7 GET users): read-only list here; settings add the actions. */
import { z } from "zod";
import { OWNER_ROLE } from "../policies/catalog.ts";
import { email } from "./auth.ts";
import { defineResource } from "./define-resource.ts";

export const USER_STATES = ["INVITATION_PENDING", "INVITATION_CANCELLED", "ACTIVE", "INACTIVE", "LOCKED"] as const;

export const BusinessUser = z.object({
  id: z.string(),
  email: z.string(),
  state: z.enum(USER_STATES),
  roles: z.array(z.object({ id: z.string(), name: z.string(), permissions: z.array(z.object({ id: z.string(), description: z.string() })) })),
  is_owner: z.boolean(),
  user: z.object({ first_name: z.string(), last_name: z.string() }).nullable(),
  position: z.string(),
  created_date: z.string(),
});
export type BusinessUser = z.infer<typeof BusinessUser>;

/** A role as GET businesses/roles gives it: its name and the permissions it grants, described. */
export type Role = BusinessUser["roles"][number];

/** SPEC §6: OWNER is protected, so it is never offered when inviting or changing roles. */
export const assignableRoles = (roles: readonly Role[]) => roles.filter((r) => r.name !== OWNER_ROLE);

/** POST /users/invites (SPEC §5 Invite): the invite form and the server validate with this one schema. */
export const InviteBody = z.object({
  email,
  position: z.string({ error: "Position is required" }).trim().min(1, "Position is required").max(80),
  role: z.array(z.string().min(1).max(40), { error: "At least one role is required" }).min(1, "At least one role is required"),
});

/**
 * Maker-checker for the team (issue 25): an invitation or role change that gives approval rights is
 * an approval request of this kind while the business has approvals on.
 */
export const TEAM_CHANGE = "TEAM_CHANGE";
export const TEAM_SCOPE = "team";
export const TEAM_CHANGE_REASON = "Gives approval rights: another member who manages users must approve it";
/** The answers (202) when a change waits for that approval. */
export const INVITE_PENDING_MESSAGE = "Invitation sent for approval: another member who manages users must approve it";
export const ROLES_PENDING_MESSAGE = "Role change sent for approval: another member who manages users must approve it";

export const users = defineResource<BusinessUser>({
  name: "users",
  label: "Users",
  title: "User management",
  subtitle: "Manage the people who can use this account",
  routes: { list: "/settings" },
  standalone: false,
  api: { list: "users", one: "users/:id" },
  schema: BusinessUser,
  access: { obj: "users" },
  columns: [
    { field: "user", title: "Name", render: "person" },
    { field: "email", title: "Email" },
    { field: "position", title: "Position" },
    { field: "roles", title: "Roles", render: "roles" },
    { field: "state", title: "Status", render: "status" },
  ],
  // SPEC §9: user search waits 1000 ms.
  filters: [{ field: "email", kind: "search", param: "email", placeholder: "Search by email", debounceMs: 1000 }],
  pageSize: 10,
  empty: { title: "No users", body: "Invite your team to work on this account together." },
  emptyFiltered: { title: "No users found", body: "No user matches your search query." },
  errorMessage: "Error fetching users",
  recordTitle: (u) => (u.user ? `${u.user.first_name} ${u.user.last_name}` : u.email),
});

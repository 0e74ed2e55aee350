/** Team users (SPEC §3 Business user, §7 GET users): read-only list here; settings add the actions. */
import { z } from "zod";
import { OWNER_ROLE } from "../policies/catalog.ts";
import { email } from "./auth.ts";
import { catalogEntry } from "./catalog.ts";
import { defineResource } from "./define-resource.ts";
import { endpoint, IdParams } from "./define-endpoint.ts";
import { PageQuery } from "./page-query.ts";
import { sortParam } from "./list-query.ts";
import { RolesUpdate } from "./settings.ts";

export const USER_STATES = ["INVITATION_PENDING", "INVITATION_CANCELLED", "ACTIVE", "INACTIVE", "LOCKED"] as const;

export type UserState = (typeof USER_STATES)[number];

/** A role as GET businesses/roles gives it: its name and the permissions it grants, described. */
export const Role = z
  .object({ id: z.string(), name: z.string(), permissions: z.array(z.object({ id: z.string(), description: z.string() })) })
  .meta({ id: "Role" });
export type Role = z.infer<typeof Role>;

export const BusinessUser = z
  .object({
    id: z.string(),
    email: z.string(),
    state: z.enum(USER_STATES),
    roles: z.array(Role),
    is_owner: z.boolean(),
    user: z.object({ first_name: z.string(), last_name: z.string() }).nullable(),
    position: z.string(),
    created_date: z.string(),
  })
  .meta({ id: "BusinessUser" });
export type BusinessUser = z.infer<typeof BusinessUser>;

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

/** The team list's orders: by name, email (ignoring case) or state; by default the owner first, then by when they joined. */
export const USER_SORTS = ["name", "email", "state"] as const;
const UsersQuery = PageQuery.extend({
  email: z.string().trim().max(320, "email must be at most 320 characters").optional(),
  sort: sortParam(USER_SORTS, "when they joined"),
});

/** SPEC §7 team calls: the members list and details, invitations, roles, activation, deletion (users_read / users_write). */
const rule = (act: string) => ({ obj: "users", act });
const tag = "team";
export const teamEndpoints = {
  list: endpoint({
    method: "GET",
    path: "/users",
    summary: "List team members",
    tag,
    access: rule("list"),
    query: UsersQuery,
    answer: { page: BusinessUser },
  }),
  // Who may act for the business: inviting, changing a role and re-activating need a fresh step-up.
  invite: endpoint({
    method: "POST",
    path: "/users/invites",
    summary: "Invite a team member",
    tag,
    access: rule("invite"),
    changes: ["users"],
    stepUp: true,
    body: InviteBody,
    status: 201,
    accepted: {
      description: "The invitation waits for another member's approval: data names the approval request",
      data: z.object({ approval_request_id: z.string(), email: z.string(), state: z.literal("PENDING_APPROVAL") }),
    },
    answer: { one: BusinessUser.pick({ id: true, email: true, state: true }) },
  }),
  show: endpoint({
    method: "GET",
    path: "/users/:id",
    summary: "Get a team member",
    tag,
    access: rule("show"),
    params: IdParams,
    answer: { one: BusinessUser },
  }),
  updateRoles: endpoint({
    method: "PATCH",
    path: "/users/:id/roles",
    summary: "Update a team member's roles",
    tag,
    access: rule("edit"),
    changes: ["users"],
    stepUp: true,
    params: IdParams,
    body: RolesUpdate,
    accepted: {
      description: "The role change waits for another member's approval: data names the approval request",
      data: BusinessUser.extend({ approval_request_id: z.string() }),
    },
    answer: { one: BusinessUser },
  }),
  resendInvitation: endpoint({
    method: "POST",
    path: "/users/invites/:id/resend-email",
    summary: "Resend a pending invitation",
    tag,
    access: rule("edit"),
    changes: ["users"],
    params: IdParams,
    answer: { none: true },
  }),
  reinvite: endpoint({
    method: "POST",
    path: "/users/invites/:id/re-invite",
    summary: "Re-invite someone whose invitation was cancelled",
    tag,
    access: rule("edit"),
    changes: ["users"],
    params: IdParams,
    answer: { none: true },
  }),
  cancelInvitation: endpoint({
    method: "PATCH",
    path: "/users/invites/:id/cancel",
    summary: "Cancel an invitation",
    tag,
    access: rule("edit"),
    changes: ["users"],
    params: IdParams,
    answer: { none: true },
  }),
  activate: endpoint({
    method: "PATCH",
    path: "/users/:id/activate",
    summary: "Activate a team member",
    tag,
    access: rule("edit"),
    changes: ["users"],
    stepUp: true,
    params: IdParams,
    answer: { one: BusinessUser },
  }),
  deactivate: endpoint({
    method: "PATCH",
    path: "/users/:id/deactivate",
    summary: "Deactivate a team member",
    tag,
    access: rule("edit"),
    changes: ["users"],
    params: IdParams,
    answer: { one: BusinessUser },
  }),
  // SPEC §7 names both paths for deleting a member; they do the same.
  remove: endpoint({
    method: "DELETE",
    path: "/users/:id",
    summary: "Delete a team member",
    tag,
    access: rule("delete"),
    changes: ["users"],
    params: IdParams,
    answer: { none: true },
  }),
  removeAlt: endpoint({
    method: "DELETE",
    path: "/users/:id/delete",
    summary: "Delete a team member (alternative path)",
    tag,
    access: rule("delete"),
    changes: ["users"],
    params: IdParams,
    answer: { none: true },
  }),
};

export const users = defineResource<BusinessUser>({
  ...catalogEntry("users"),
  title: "User management",
  subtitle: "Manage the people who can use this account",
  api: { list: teamEndpoints.list, one: teamEndpoints.show },
  schema: BusinessUser,
  access: { obj: "users" },
  columns: [
    { field: "user", title: "Name", render: "person", sort: "name" },
    { field: "email", title: "Email", sort: "email" },
    { field: "position", title: "Position" },
    { field: "roles", title: "Roles", render: "roles" },
    { field: "state", title: "Status", render: "status", sort: "state" },
  ],
  // SPEC §9: user search waits 1000 ms.
  filters: [{ field: "email", kind: "search", param: "email", placeholder: "Search by email", debounceMs: 1000 }],
  pageSize: 10,
  empty: { title: "No users", body: "Invite your team to work on this account together." },
  emptyFiltered: { title: "No users found", body: "No user matches your search query." },
  errorMessage: "Error fetching users",
  recordTitle: (u) => (u.user ? `${u.user.first_name} ${u.user.last_name}` : u.email),
});

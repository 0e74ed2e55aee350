/** The signed-in member's session (GET /session): who, which business, what they may do, and the CSRF token. */
import { z } from "zod";
import { endpoint } from "./define-endpoint.ts";

/** What a subject may do: object -> the actions allowed on it ("*": any) (policies/grants.ts Grants). */
const Grants = z.record(z.string(), z.array(z.string()));

/**
 * grants: what this member may do, from the server's enforcer, for the console's menus and buttons;
 * grants_once_verified: what they could do once KYB is approved, so locked screens say why.
 */
export const Session = z
  .object({
    /** locale, number_format, time_zone: the member's choices (Settings → Profile); null: the browser's (issue 30). */
    user: z.object({
      id: z.string(),
      email: z.string(),
      first_name: z.string(),
      last_name: z.string(),
      two_factor_enabled: z.boolean(),
      locale: z.string().nullable(),
      number_format: z.string().nullable(),
      time_zone: z.string().nullable(),
    }),
    /** kyb_status: the business's KYB review status; money moves once APPROVED. */
    business: z.object({ id: z.string(), name: z.string(), kyb_status: z.string() }),
    /** This member's id in the team (GET users items), so the console knows which row is "you". */
    business_user_id: z.string(),
    is_owner: z.boolean(),
    roles: z.array(z.string()),
    permissions: z.array(z.string()),
    features: z.array(z.string()),
    csrf_token: z.string(),
    grants: Grants,
    grants_once_verified: Grants,
  })
  .meta({ id: "Session" });
export type Session = z.infer<typeof Session>;

const tag = "session";
export const sessionEndpoints = {
  show: endpoint({
    method: "GET",
    path: "/session",
    summary: "Get the session",
    tag,
    access: { obj: "session", act: "read" },
    answer: { one: Session },
  }),
  // The console's question on every load: who is signed in here, if anyone (null: nobody).
  current: endpoint({
    method: "GET",
    path: "/session/current",
    summary: "Get the browser's current session, if any",
    tag,
    access: { obj: "auth", act: "current-session" },
    answer: { one: Session.nullable() },
  }),
  logout: endpoint({
    method: "POST",
    path: "/session/logout",
    summary: "Sign out",
    tag,
    access: { obj: "session", act: "logout" },
    answer: { none: true },
  }),
};

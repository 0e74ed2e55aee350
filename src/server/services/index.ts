/** All services, built once per app from one context. */
import type { ServiceContext } from "./context.ts";
import { authService } from "./auth.ts";
import { teamService } from "./team.ts";
import { businessAdminService } from "./business-admin.ts";
import { beneficiaryService } from "./beneficiaries.ts";

export function buildServices(ctx: ServiceContext) {
  return { ctx, auth: authService(ctx), team: teamService(ctx), businessAdmin: businessAdminService(ctx), beneficiaries: beneficiaryService(ctx) };
}
export type Services = ReturnType<typeof buildServices>;

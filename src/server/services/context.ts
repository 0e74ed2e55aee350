/** What every service gets: the database, settings, the access rules and the mail outbox. */
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import type { Access } from "../../../policies/enforcer.ts";
import type { HostLookup } from "./outbound-address.ts";

/** hostLookup: how webhook hosts are resolved (unset: the system's resolver; tests answer for DNS). */
export type ServiceContext = { db: Db; config: Config; access: Access; hostLookup?: HostLookup };

/** Who asked, from where: kept on sessions and in the sign-in audit. */
export type ClientInfo = { ip: string; userAgent: string };

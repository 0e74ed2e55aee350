/**
 * API keys (SPEC §3 API key, §4 states, §7): a key authenticates `Authorization: Bearer <key>` to the
 * same API with its grants, which are permissions the one Casbin policy applies. A key never holds
 * more than its creator: the grants are checked against the creator's permissions when it is made,
 * and intersected with their permissions at every use (a demoted or deactivated creator takes the
 * key's power down too). Only a SHA-256 of the key and a display prefix are stored.
 */
import { and, count, desc, eq } from "drizzle-orm";
import type { z } from "zod";
import { apiKeys, businessUsers, businesses, users } from "../db/schema/index.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import type { ApiKey, ApiKeyInput } from "../../../resources/developers.ts";
import { isUuid, offsetOf, orderOf, paged, textKey, type PageQuery } from "../db/paging.ts";
import type { Sort } from "../../../resources/list-query.ts";
import type { API_KEY_SORTS } from "../../../resources/developers.ts";
import { randomToken, sha256 } from "./crypto.ts";
import type { ServiceContext } from "./context.ts";

type Row = typeof apiKeys.$inferSelect;
export const API_KEY_PREFIX = "sbk_";
/** The part of a key shown again after creation. */
const DISPLAY = 12;
/** Last use is written at most this often, not on every request. */
const TOUCH_EVERY_MS = 60_000;

export const keyState = (r: Row, now = new Date()): ApiKey["state"] =>
  r.state === "DISABLED" ? "DISABLED" : r.expiresAt && r.expiresAt <= now ? "EXPIRED" : "ENABLED";

/** A key as `viewer` (a member's business_user id) sees it. */
const view = (r: Row, viewer: string): ApiKey => ({
  id: r.id,
  name: r.name,
  description: r.description,
  masked_key: `${r.prefix}${"•".repeat(8)}`,
  created_date: r.createdAt.toISOString(),
  expiry_date: r.expiresAt?.toISOString() ?? null,
  grants: r.grants,
  state: keyState(r),
  last_used_at: r.lastUsedAt?.toISOString() ?? null,
  is_own: r.createdBy === viewer,
});

export function apiKeyService({ db, access }: ServiceContext) {
  async function find(businessId: string, id: string) {
    const [row] = isUuid(id)
      ? await db
          .select()
          .from(apiKeys)
          .where(and(eq(apiKeys.businessId, businessId), eq(apiKeys.id, id)))
      : [];
    if (!row) throw notFound("Api key not found");
    return row;
  }

  return {
    async list(businessId: string, viewer: string, p: PageQuery & { sort?: Sort<(typeof API_KEY_SORTS)[number]> }) {
      const where = eq(apiKeys.businessId, businessId);
      const by = { name: textKey(apiKeys.name), created_date: apiKeys.createdAt, expiry_date: apiKeys.expiresAt, last_used_at: apiKeys.lastUsedAt };
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(apiKeys)
          .where(where)
          .orderBy(...orderOf(p.sort, by, apiKeys.id, [desc(apiKeys.createdAt), desc(apiKeys.id)]))
          .limit(p.limit)
          .offset(offsetOf(p)),
        db.select({ n: count() }).from(apiKeys).where(where),
      ]);
      return paged(
        rows.map((r) => view(r, viewer)),
        Number(total.n),
        p,
      );
    },

    get: async (businessId: string, viewer: string, id: string) => view(await find(businessId, id), viewer),

    /** Whether the key was made by this member (404 when the business has no such key). */
    isMadeBy: async (businessId: string, id: string, member: string) => (await find(businessId, id)).createdBy === member,

    /** Returns the key itself once, beside its view; it cannot be read again. */
    async create(businessId: string, creator: { businessUserId: string; permissions: string[] }, input: z.output<typeof ApiKeyInput>) {
      const beyond = input.grants.filter((g) => !creator.permissions.includes(g));
      if (beyond.length)
        throw badRequest(`You cannot grant permissions you do not hold: ${beyond.join(", ")}`, [
          { path: "grants", message: "Only your own permissions can be granted" },
        ]);
      const key = `${API_KEY_PREFIX}${randomToken(32)}`;
      const [row] = await db.transaction((tx) =>
        tx
          .insert(apiKeys)
          .values({
            businessId,
            createdBy: creator.businessUserId,
            name: input.name,
            description: input.description,
            prefix: key.slice(0, DISPLAY),
            keyHash: sha256(key),
            grants: [...new Set(input.grants)],
            expiresAt: input.expiry_date ? new Date(input.expiry_date) : null,
          })
          .returning(),
      );
      return { ...view(row, creator.businessUserId), api_key: key };
    },

    /** SPEC §4: an API key cannot be re-enabled. */
    async disable(businessId: string, viewer: string, id: string) {
      const row = await find(businessId, id);
      if (row.state === "DISABLED") throw conflict("This api key is already disabled");
      const [updated] = await db.transaction((tx) =>
        tx.update(apiKeys).set({ state: "DISABLED", disabledAt: new Date() }).where(eq(apiKeys.id, row.id)).returning(),
      );
      return view(updated, viewer);
    },

    /**
     * Who a Bearer key speaks for, or undefined when it is unknown, disabled, expired, or its creator
     * is no longer an active member.
     */
    async authenticate(key: string, now = new Date()) {
      if (!key.startsWith(API_KEY_PREFIX) || key.length > 200) return undefined;
      const [row] = await db
        .select({ key: apiKeys, member: businessUsers, user: users, business: businesses })
        .from(apiKeys)
        .innerJoin(businessUsers, eq(businessUsers.id, apiKeys.createdBy))
        .innerJoin(users, eq(users.id, businessUsers.userId))
        .innerJoin(businesses, eq(businesses.id, apiKeys.businessId))
        .where(eq(apiKeys.keyHash, sha256(key)));
      if (!row || keyState(row.key, now) !== "ENABLED" || row.member.state !== "ACTIVE") return undefined;
      if (!row.key.lastUsedAt || now.getTime() - row.key.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
        await db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, row.key.id));
      }
      const held = access.permissionsOf(row.member.roles);
      return {
        keyId: row.key.id,
        userId: row.user.id,
        email: row.user.email,
        firstName: row.user.firstName,
        lastName: row.user.lastName,
        locale: row.user.locale,
        numberFormat: row.user.numberFormat,
        timeZone: row.user.timeZone,
        businessId: row.business.id,
        businessName: row.business.name,
        businessUserId: row.member.id,
        isOwner: row.member.isOwner,
        roles: row.member.roles,
        permissions: row.key.grants.filter((g) => (held as string[]).includes(g)),
        features: row.business.features,
        kybStatus: row.business.reviewStatus,
      };
    },
  };
}

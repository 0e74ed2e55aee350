/**
 * Beneficiaries of a business. Every query is scoped to the caller's business: another business's
 * beneficiary is "not found". Deletion is soft, so payments keep their counterparty.
 */
import { and, count, desc, eq, ilike, or } from "drizzle-orm";
import type { z } from "zod";
import { beneficiaries } from "../db/schema/index.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import type { Blockchain } from "../../lib/assets.ts";
import { addressProblem } from "../../lib/address-checks.ts";
import type { BeneficiaryInput, CryptoBeneficiaryUpdate } from "../../../resources/beneficiaries.ts";
import { DESTINATIONS, destinationIdentifier, destinationKey, walletKey, type DestinationType } from "../../../resources/beneficiary-destinations.ts";
import { isUniqueViolation } from "../db/errors.ts";
import { BLOCKCHAIN_LABELS } from "../../lib/assets.ts";
import { isUuid, likePattern, offsetOf, paged, type PageQuery } from "../db/paging.ts";
import type { ServiceContext } from "./context.ts";

type Row = typeof beneficiaries.$inferSelect;
type Input = z.output<typeof BeneficiaryInput>;
export type BeneficiaryFilter = PageQuery & { keyword?: string; type?: "FIAT" | "CRYPTO"; currency?: string };

export function beneficiaryView(r: Row) {
  const fiat = r.type === "FIAT";
  return {
    id: r.id,
    name: r.name,
    friendly_name: r.friendlyName,
    kind: r.kind as "BUSINESS" | "INDIVIDUAL",
    type: r.type as "FIAT" | "CRYPTO",
    currency: r.currency,
    details: fiat ? { type: r.destinationType!, details: r.bankDetails ?? {} } : { blockchain: r.blockchain!, address: r.address! },
    destination_label: fiat
      ? (DESTINATIONS[r.destinationType as DestinationType]?.label ?? r.destinationType!)
      : (BLOCKCHAIN_LABELS[r.blockchain as Blockchain] ?? r.blockchain!),
    account_identifier: r.identifier,
    created_date: r.createdAt.toISOString(),
  };
}

export function columnsOf(input: Input) {
  if (input.type === "CRYPTO") {
    const d = input.details as { blockchain: string; address: string };
    return {
      destinationType: null,
      bankDetails: null,
      blockchain: d.blockchain,
      address: d.address,
      identifier: d.address,
      destinationKey: walletKey(d.blockchain, d.address),
    };
  }
  const d = input.details as { type: DestinationType; details: Record<string, string> };
  return {
    destinationType: d.type,
    bankDetails: d.details,
    blockchain: null,
    address: null,
    identifier: destinationIdentifier(d.type, d.details),
    destinationKey: destinationKey(d.type, d.details),
  };
}

export function beneficiaryService({ db }: ServiceContext) {
  const live = (businessId: string) => and(eq(beneficiaries.businessId, businessId), eq(beneficiaries.state, "ACTIVE"));

  async function find(businessId: string, id: string) {
    const [row] = isUuid(id)
      ? await db
          .select()
          .from(beneficiaries)
          .where(and(live(businessId), eq(beneficiaries.id, id)))
      : [];
    if (!row) throw notFound("Beneficiary not found");
    return row;
  }

  /**
   * The live unique index decides; its violation (also under a race) is the 409. Every write is a
   * transaction of its own, which the request's audit entry joins (lib/audit-unit.ts).
   */
  async function unique<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict("A beneficiary with these details already exists");
      throw e;
    }
  }

  return {
    async list(businessId: string, f: BeneficiaryFilter) {
      const where = and(
        live(businessId),
        f.type ? eq(beneficiaries.type, f.type) : undefined,
        f.currency ? eq(beneficiaries.currency, f.currency) : undefined,
        f.keyword ? or(ilike(beneficiaries.name, likePattern(f.keyword)), ilike(beneficiaries.friendlyName, likePattern(f.keyword))) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db.select().from(beneficiaries).where(where).orderBy(desc(beneficiaries.createdAt), desc(beneficiaries.id)).limit(f.limit).offset(offsetOf(f)),
        db.select({ n: count() }).from(beneficiaries).where(where),
      ]);
      return paged(rows.map(beneficiaryView), Number(total.n), f);
    },

    get: async (businessId: string, id: string) => beneficiaryView(await find(businessId, id)),

    async create(businessId: string, userId: string, input: Input) {
      const cols = columnsOf(input);
      const [row] = await unique(() =>
        db.transaction((tx) =>
          tx
            .insert(beneficiaries)
            .values({
              businessId,
              createdBy: userId,
              type: input.type,
              name: input.name,
              friendlyName: input.friendly_name,
              kind: input.kind,
              currency: input.currency,
              ...cols,
            })
            .returning(),
        ),
      );
      return beneficiaryView(row);
    },

    /** Full edit of a fiat beneficiary: name, kind and bank details; type, currency and destination type stay. */
    async update(businessId: string, id: string, input: Input) {
      const row = await find(businessId, id);
      const cols = columnsOf(input);
      if (row.type !== input.type || row.currency !== input.currency || row.destinationType !== cols.destinationType || row.blockchain !== cols.blockchain) {
        throw badRequest("The type, currency and destination of a beneficiary cannot be changed");
      }
      const [updated] = await unique(() =>
        db.transaction((tx) =>
          tx
            .update(beneficiaries)
            .set({ name: input.name, friendlyName: input.friendly_name, kind: input.kind, ...cols, updatedAt: new Date() })
            .where(eq(beneficiaries.id, row.id))
            .returning(),
        ),
      );
      return beneficiaryView(updated);
    },

    async updateCrypto(businessId: string, id: string, input: z.output<typeof CryptoBeneficiaryUpdate>) {
      const row = await find(businessId, id);
      if (row.type !== "CRYPTO") throw badRequest("This beneficiary is not a crypto beneficiary");
      const problem = addressProblem(row.blockchain as Blockchain, input.address);
      if (problem) throw badRequest(problem, [{ path: "address", message: problem }]);
      const [updated] = await unique(() =>
        db.transaction((tx) =>
          tx
            .update(beneficiaries)
            .set({
              name: input.name,
              friendlyName: input.friendly_name,
              address: input.address,
              identifier: input.address,
              destinationKey: walletKey(row.blockchain!, input.address),
              updatedAt: new Date(),
            })
            .where(eq(beneficiaries.id, row.id))
            .returning(),
        ),
      );
      return beneficiaryView(updated);
    },

    async remove(businessId: string, id: string) {
      const row = await find(businessId, id);
      await db.transaction((tx) => tx.update(beneficiaries).set({ state: "DELETED", updatedAt: new Date() }).where(eq(beneficiaries.id, row.id)));
    },

    find,
  };
}

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
import { isUuid, likePattern, offsetOf, orderOf, paged, textKey, type PageQuery } from "../db/paging.ts";
import type { Sort } from "../../../resources/list-query.ts";
import type { BENEFICIARY_SORTS } from "../../../resources/beneficiaries.ts";
import type { ServiceContext } from "./context.ts";
import type { PayeeNameCheck } from "../providers/rails/name-check.ts";
import { coolingEndsAt, possessive } from "../../lib/payee-protection.ts";
import { protectionOf, proposeDetailsChange, type DetailsChange } from "./payee-protection.ts";

type Row = typeof beneficiaries.$inferSelect;
type Input = z.output<typeof BeneficiaryInput>;
export type BeneficiaryFilter = PageQuery & { keyword?: string; type?: "FIAT" | "CRYPTO"; currency?: string; sort?: Sort<(typeof BENEFICIARY_SORTS)[number]> };

/** `coolingHours`/`now`: the business's cooling period, so the view says until when the payee cools. */
export function beneficiaryView(r: Row, coolingHours = 0, now = new Date()) {
  const fiat = r.type === "FIAT";
  const ends = coolingEndsAt(r.detailsChangedAt, coolingHours, now);
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
    cooling_ends_at: ends ? ends.toISOString() : null,
    name_check: r.nameCheck ? { result: r.nameCheck as "MATCH" | "CLOSE_MATCH" | "NO_MATCH", registered_name: r.nameCheckName } : null,
    details_change_pending: r.pendingDetails !== null,
  };
}

/** Bank details compared by value (jsonb hands its keys back in its own order). */
const sameDetails = (a: Record<string, string> | null, b: Record<string, string> | null) => {
  const [x, y] = [a ?? {}, b ?? {}];
  return [...new Set([...Object.keys(x), ...Object.keys(y)])].every((k) => x[k] === y[k]);
};

/** The account holder's name the bank checks: the destination's account name, or the beneficiary's name. */
const holderOf = (input: Pick<Input, "name">, details: Record<string, string> | null) => details?.account_name || input.name;

/** The name check's answer for a fiat payee; a NO_MATCH is saved only when the person confirmed it. */
function checkName(nameCheck: PayeeNameCheck, input: Input, details: Record<string, string> | null) {
  if (input.type !== "FIAT" || !details) return { nameCheck: null, nameCheckName: null };
  const answer = nameCheck.check(holderOf(input, details), details);
  if (answer.result === "NO_MATCH" && input.confirm_name_mismatch !== true) {
    const message = `The bank could not match "${holderOf(input, details)}" to this account. Check the name with the payee, or confirm to save it anyway`;
    throw badRequest(message, [{ path: "confirm_name_mismatch", message }]);
  }
  return { nameCheck: answer.result, nameCheckName: answer.registeredName };
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

export function beneficiaryService({ db }: ServiceContext, deps: { nameCheck: PayeeNameCheck }) {
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

  /**
   * Saves an edit. A change of where money goes (bank details, address) restarts the cooling period;
   * with approvals on it waits for another member instead (payee-protection.ts).
   */
  async function saveEdit(businessId: string, userId: string, row: Row, change: DetailsChange, moved: boolean) {
    const { hours, approvalRequired } = await protectionOf(db, businessId);
    if (moved && row.pendingDetails) throw conflict(`A change of ${possessive(row.name)} details is already waiting for approval`);
    if (moved && approvalRequired) {
      if (change.destinationKey) await assertFree(businessId, row, change.destinationKey);
      return { view: beneficiaryView(await db.transaction((tx) => proposeDetailsChange(tx, row, userId, change)), hours), pending: true };
    }
    const [updated] = await unique(() =>
      db.transaction((tx) =>
        tx
          .update(beneficiaries)
          .set({ ...change, ...(moved ? { detailsChangedAt: new Date() } : {}), updatedAt: new Date() })
          .where(eq(beneficiaries.id, row.id))
          .returning(),
      ),
    );
    return { view: beneficiaryView(updated, hours), pending: false };
  }

  /** A change waiting for approval must not take another live payee's destination (the unique index only speaks at approval). */
  async function assertFree(businessId: string, row: Row, key: string) {
    const [twin] = await db
      .select({ id: beneficiaries.id })
      .from(beneficiaries)
      .where(and(live(businessId), eq(beneficiaries.currency, row.currency), eq(beneficiaries.destinationKey, key)));
    if (twin && twin.id !== row.id) throw conflict("A beneficiary with these details already exists");
  }

  return {
    async list(businessId: string, f: BeneficiaryFilter) {
      const where = and(
        live(businessId),
        f.type ? eq(beneficiaries.type, f.type) : undefined,
        f.currency ? eq(beneficiaries.currency, f.currency) : undefined,
        f.keyword ? or(ilike(beneficiaries.name, likePattern(f.keyword)), ilike(beneficiaries.friendlyName, likePattern(f.keyword))) : undefined,
      );
      const [rows, [total], { hours }] = await Promise.all([
        db
          .select()
          .from(beneficiaries)
          .where(where)
          .orderBy(
            ...orderOf(f.sort, { name: textKey(beneficiaries.name), created_date: beneficiaries.createdAt }, beneficiaries.id, [
              desc(beneficiaries.createdAt),
              desc(beneficiaries.id),
            ]),
          )
          .limit(f.limit)
          .offset(offsetOf(f)),
        db.select({ n: count() }).from(beneficiaries).where(where),
        protectionOf(db, businessId),
      ]);
      return paged(
        rows.map((r) => beneficiaryView(r, hours)),
        Number(total.n),
        f,
      );
    },

    get: async (businessId: string, id: string) => beneficiaryView(await find(businessId, id), (await protectionOf(db, businessId)).hours),

    async create(businessId: string, userId: string, input: Input) {
      const cols = columnsOf(input);
      const named = checkName(deps.nameCheck, input, cols.bankDetails);
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
              ...named,
            })
            .returning(),
        ),
      );
      return beneficiaryView(row, (await protectionOf(db, businessId)).hours);
    },

    /** Full edit of a fiat beneficiary: name, kind and bank details; type, currency and destination type stay. */
    async update(businessId: string, userId: string, id: string, input: Input) {
      const row = await find(businessId, id);
      const cols = columnsOf(input);
      if (row.type !== input.type || row.currency !== input.currency || row.destinationType !== cols.destinationType || row.blockchain !== cols.blockchain) {
        throw badRequest("The type, currency and destination of a beneficiary cannot be changed");
      }
      const renamed = input.name !== row.name || cols.bankDetails?.account_name !== row.bankDetails?.account_name;
      const named = renamed ? checkName(deps.nameCheck, input, cols.bankDetails) : {};
      // Where the money goes: the bank details, or (a crypto beneficiary edited through this route) its wallet address.
      const moved = !sameDetails(cols.bankDetails, row.bankDetails) || cols.destinationKey !== row.destinationKey;
      const change: DetailsChange = { name: input.name, friendlyName: input.friendly_name, kind: input.kind, ...cols, ...named };
      return saveEdit(businessId, userId, row, change, moved);
    },

    async updateCrypto(businessId: string, userId: string, id: string, input: z.output<typeof CryptoBeneficiaryUpdate>) {
      const row = await find(businessId, id);
      if (row.type !== "CRYPTO") throw badRequest("This beneficiary is not a crypto beneficiary");
      const problem = addressProblem(row.blockchain as Blockchain, input.address);
      if (problem) throw badRequest(problem, [{ path: "address", message: problem }]);
      const destination = walletKey(row.blockchain!, input.address);
      const change: DetailsChange = {
        name: input.name,
        friendlyName: input.friendly_name,
        address: input.address,
        identifier: input.address,
        destinationKey: destination,
      };
      return saveEdit(businessId, userId, row, change, destination !== row.destinationKey);
    },

    async remove(businessId: string, id: string) {
      const row = await find(businessId, id);
      await db.transaction((tx) => tx.update(beneficiaries).set({ state: "DELETED", updatedAt: new Date() }).where(eq(beneficiaries.id, row.id)));
    },

    /** The bank's answer for a draft, before anything is saved (fiat only). */
    nameCheckOf(input: Input) {
      if (input.type !== "FIAT") return null;
      const details = columnsOf(input).bankDetails;
      const answer = deps.nameCheck.check(holderOf(input, details), details ?? {});
      return { result: answer.result, registered_name: answer.registeredName };
    },

    find,
  };
}

/**
 * Customers (SPEC §7 Customers and sub-accounts): create, list with keyword / state / type, stats,
 * details, activate / deactivate, the partial updates of the Edit customer modal, delete (hidden,
 * kept for its sub-accounts' history). Every query is scoped to the caller's business.
 */
import { and, count, desc, eq, ilike, ne, or, sql } from "drizzle-orm";
import { emitEvent } from "./webhooks.ts";
import type { z } from "zod";
import { customers } from "../db/schema/index.ts";
import type { Queryable } from "../db/client.ts";
import { conflict, notFound } from "../../lib/errors.ts";
import { isUniqueViolation } from "../db/errors.ts";
import type { BillingInformation, BusinessUpdate, CountryData, Customer, CustomerInput, IndividualUpdate } from "../../../resources/customers.ts";
import { isUuid, likePattern, offsetOf, orderOf, paged, textKey, type PageQuery } from "../db/paging.ts";
import type { Sort } from "../../../resources/list-query.ts";
import type { CUSTOMER_SORTS } from "../../../resources/customers.ts";
import type { ServiceContext } from "./context.ts";

type Row = typeof customers.$inferSelect;
export type CustomerFilter = PageQuery & { keyword?: string; state?: string; type?: string; sort?: Sort<(typeof CUSTOMER_SORTS)[number]> };

export function customerView(r: Row): Customer {
  const individual = r.type === "INDIVIDUAL";
  return {
    id: r.id,
    type: r.type as Customer["type"],
    state: r.state as Customer["state"],
    email: r.email,
    display_name: individual ? `${r.firstName} ${r.lastName}` : (r.name ?? ""),
    first_name: r.firstName,
    last_name: r.lastName,
    name: r.name,
    business_type: r.businessType,
    phone_number: r.phoneNumber,
    residential_address: individual ? r.address : null,
    registered_address: individual ? null : r.address,
    incorporation_country: r.incorporationCountry,
    country_data: r.countryData,
    billing_information: r.billingInformation ?? null,
    created_date: r.createdAt.toISOString(),
  };
}

export function customerService({ db }: ServiceContext) {
  const live = (businessId: string) => and(eq(customers.businessId, businessId), ne(customers.state, "DELETED"));

  async function find(businessId: string, id: string, q: Queryable = db, lock = false) {
    const query = q
      .select()
      .from(customers)
      .where(and(live(businessId), eq(customers.id, id)));
    const [row] = isUuid(id) ? await (lock ? query.for("update") : query) : [];
    if (!row) throw notFound("Customer not found");
    return row;
  }

  type Changes = Partial<typeof customers.$inferInsert>;
  /** One change, on the row locked in its own transaction (which the request's audit entry joins). */
  function update(businessId: string, id: string, set: Changes | ((row: typeof customers.$inferSelect) => Changes), expectType?: string) {
    return db.transaction(async (tx) => {
      const row = await find(businessId, id, tx, true);
      if (expectType && row.type !== expectType) throw conflict(`This customer is not ${expectType === "BUSINESS" ? "a business" : "an individual"}`);
      const [updated] = await tx
        .update(customers)
        .set(typeof set === "function" ? set(row) : set)
        .where(eq(customers.id, row.id))
        .returning();
      return customerView(updated);
    });
  }

  return {
    find,

    async create(businessId: string, input: z.output<typeof CustomerInput>) {
      const common = { businessId, type: input.type, email: input.email.toLowerCase(), phoneNumber: input.phone_number, address: input.address };
      const values =
        input.type === "INDIVIDUAL"
          ? { ...common, firstName: input.first_name, lastName: input.last_name }
          : { ...common, name: input.name, businessType: input.business_type, incorporationCountry: input.incorporation_country };
      try {
        return await db.transaction(async (tx) => {
          const [row] = await tx.insert(customers).values(values).returning();
          await emitEvent(tx, businessId, "customer.created", { id: row.id, type: row.type, email: row.email });
          return customerView(row);
        });
      } catch (e) {
        if (isUniqueViolation(e)) throw conflict("A customer with this email already exists");
        throw e;
      }
    },

    async list(businessId: string, f: CustomerFilter) {
      const name = sql`coalesce(${customers.name}, ${customers.firstName} || ' ' || ${customers.lastName})`;
      const where = and(
        live(businessId),
        f.state ? eq(customers.state, f.state) : undefined,
        f.type ? eq(customers.type, f.type) : undefined,
        f.keyword ? or(ilike(name, likePattern(f.keyword)), ilike(customers.email, likePattern(f.keyword))) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(customers)
          .where(where)
          .orderBy(
            ...orderOf(f.sort, { name: textKey(name), created_date: customers.createdAt, state: customers.state }, customers.id, [
              desc(customers.createdAt),
              desc(customers.id),
            ]),
          )
          .limit(f.limit)
          .offset(offsetOf(f)),
        db.select({ n: count() }).from(customers).where(where),
      ]);
      return paged(rows.map(customerView), Number(total.n), f);
    },

    async stats(businessId: string) {
      const rows = await db.select({ state: customers.state, n: count() }).from(customers).where(live(businessId)).groupBy(customers.state);
      const by = (s: string) => Number(rows.find((r) => r.state === s)?.n ?? 0);
      return { total: by("ACTIVE") + by("INACTIVE"), active: by("ACTIVE"), inactive: by("INACTIVE") };
    },

    get: async (businessId: string, id: string) => customerView(await find(businessId, id)),
    setState: (businessId: string, id: string, state: "ACTIVE" | "INACTIVE") => update(businessId, id, { state }),
    updateIndividual: (businessId: string, id: string, u: z.output<typeof IndividualUpdate>) =>
      update(businessId, id, { firstName: u.first_name, lastName: u.last_name, phoneNumber: u.phone_number, address: u.residential_address }, "INDIVIDUAL"),
    updateBusiness: (businessId: string, id: string, u: z.output<typeof BusinessUpdate>) =>
      update(businessId, id, { name: u.name, businessType: u.business_type, phoneNumber: u.phone_number, address: u.registered_address }, "BUSINESS"),
    updateCountryData: (businessId: string, id: string, u: z.output<typeof CountryData>) =>
      update(businessId, id, (row) => ({ countryData: { ...row.countryData, ng: { ...row.countryData.ng, ...u.ng } } })),
    updateBilling: (businessId: string, id: string, u: z.output<typeof BillingInformation>) => update(businessId, id, { billingInformation: u }),
    remove: (businessId: string, id: string) => update(businessId, id, { state: "DELETED" }),
  };
}

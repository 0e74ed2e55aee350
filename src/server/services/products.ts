/** Products (SPEC §2 /invoicing/products): CRUD scoped to the business; deleted ones are hidden, kept for invoices. */
import { and, count, desc, eq, ilike, isNull } from "drizzle-orm";
import type { z } from "zod";
import { products } from "../db/schema/index.ts";
import { notFound } from "../../lib/errors.ts";
import type { Product, ProductInput } from "../../../resources/products.ts";
import { isUuid, likePattern, offsetOf, orderOf, paged, textKey, type PageQuery } from "../db/paging.ts";
import type { Sort } from "../../../resources/list-query.ts";
import type { PRODUCT_SORTS } from "../../../resources/products.ts";
import type { ServiceContext } from "./context.ts";

type Row = typeof products.$inferSelect;
type Input = z.output<typeof ProductInput>;

export const productView = (r: Row): Product => ({
  id: r.id,
  name: r.name,
  description: r.description,
  currency: r.currency,
  unit_price: r.unitPrice.toString(),
  created_date: r.createdAt.toISOString(),
});

export function productService({ db }: ServiceContext) {
  const live = (businessId: string) => and(eq(products.businessId, businessId), isNull(products.deletedAt));
  async function find(businessId: string, id: string) {
    const [row] = isUuid(id)
      ? await db
          .select()
          .from(products)
          .where(and(live(businessId), eq(products.id, id)))
      : [];
    if (!row) throw notFound("Product not found");
    return row;
  }
  const values = (p: Input) => ({ name: p.name, description: p.description, currency: p.currency, unitPrice: BigInt(p.unit_price) });

  return {
    async list(businessId: string, f: PageQuery & { keyword?: string; sort?: Sort<(typeof PRODUCT_SORTS)[number]> }) {
      const where = and(live(businessId), f.keyword ? ilike(products.name, likePattern(f.keyword)) : undefined);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(products)
          .where(where)
          .orderBy(
            ...orderOf(f.sort, { name: textKey(products.name), unit_price: products.unitPrice, created_date: products.createdAt }, products.id, [
              desc(products.createdAt),
              desc(products.id),
            ]),
          )
          .limit(f.limit)
          .offset(offsetOf(f)),
        db.select({ n: count() }).from(products).where(where),
      ]);
      return paged(rows.map(productView), Number(total.n), f);
    },
    get: async (businessId: string, id: string) => productView(await find(businessId, id)),
    async create(businessId: string, p: Input) {
      const [row] = await db.transaction((tx) =>
        tx
          .insert(products)
          .values({ businessId, ...values(p) })
          .returning(),
      );
      return productView(row);
    },
    async update(businessId: string, id: string, p: Input) {
      await find(businessId, id);
      const [row] = await db.transaction((tx) => tx.update(products).set(values(p)).where(eq(products.id, id)).returning());
      return productView(row);
    },
    async remove(businessId: string, id: string) {
      await find(businessId, id);
      await db.transaction((tx) => tx.update(products).set({ deletedAt: new Date() }).where(eq(products.id, id)));
    },
  };
}

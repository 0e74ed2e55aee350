/**
 * Products (SPEC §2 /invoicing/products): what a business sells, picked as invoice items. An item
 * copies the product's name, description and price, so changing a product never changes an invoice.
 * API: GET/POST /invoicing/products, GET/PUT/DELETE /invoicing/products/:id.
 */
import { z } from "zod";
import { catalogEntry } from "./catalog.ts";
import { defineResource } from "./define-resource.ts";
import { FIAT_CURRENCIES } from "../src/lib/assets.ts";
import { MinorString } from "./invoices.ts";
import { endpoint, IdParams } from "./define-endpoint.ts";
import { PageQuery } from "./page-query.ts";
import { sortParam } from "./list-query.ts";

export const ProductInput = z.object({
  name: z.string({ error: "Name is required" }).trim().min(1, "Name is required").max(200, "Name must be at most 200 characters"),
  description: z.string().trim().max(500, "Description must be at most 500 characters").optional().default(""),
  currency: z.enum(FIAT_CURRENCIES, { error: "Currency is required" }),
  /** Minor units of the currency (the form converts what is typed). */
  unit_price: MinorString("Unit price"),
});
export type ProductInput = z.input<typeof ProductInput>;

export const Product = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    currency: z.string(),
    unit_price: z.string(),
    created_date: z.string(),
  })
  .meta({ id: "Product" });
export type Product = z.infer<typeof Product>;

/** The products list's orders: by name (ignoring case), unit price (as a number) or creation (the default, newest first). */
export const PRODUCT_SORTS = ["name", "unit_price", "created_date"] as const;
const ProductListQuery = PageQuery.extend({ keyword: z.string().trim().max(100).optional(), sort: sortParam(PRODUCT_SORTS, "-created_date") });

const rule = (act: string) => ({ obj: "products", act });
const tag = "invoicing";
export const productEndpoints = {
  list: endpoint({
    method: "GET",
    path: "/invoicing/products",
    summary: "List products",
    tag,
    access: rule("list"),
    query: ProductListQuery,
    answer: { page: Product },
  }),
  create: endpoint({
    method: "POST",
    path: "/invoicing/products",
    summary: "Create a product",
    tag,
    access: rule("create"),
    body: ProductInput,
    status: 201,
    answer: { one: Product },
  }),
  show: endpoint({
    method: "GET",
    path: "/invoicing/products/:id",
    summary: "Get a product",
    tag,
    access: rule("show"),
    params: IdParams,
    answer: { one: Product },
  }),
  update: endpoint({
    method: "PUT",
    path: "/invoicing/products/:id",
    summary: "Update a product",
    tag,
    access: rule("edit"),
    params: IdParams,
    body: ProductInput,
    answer: { one: Product },
  }),
  remove: endpoint({
    method: "DELETE",
    path: "/invoicing/products/:id",
    summary: "Delete a product",
    tag,
    access: rule("delete"),
    params: IdParams,
    answer: { none: true },
  }),
};

export const products = defineResource<Product>({
  ...catalogEntry("products"),
  title: "Products",
  subtitle: "What you sell, ready to add to invoices",
  api: { list: productEndpoints.list, one: productEndpoints.show, create: productEndpoints.create, update: productEndpoints.update },
  schema: Product,
  create: ProductInput,
  access: { obj: "products" },
  columns: [
    { field: "name", title: "Name", sort: "name" },
    { field: "description", title: "Description" },
    { field: "unit_price", title: "Unit price", render: "money", currencyField: "currency", sort: "unit_price" },
    { field: "created_date", title: "Created", render: "date", sort: "created_date" },
    { field: "id", title: "Action", render: "actions" },
  ],
  filters: [{ field: "keyword", kind: "search", param: "keyword", placeholder: "Search by name" }],
  fields: [
    { name: "name", label: "Name", kind: "text" },
    { name: "description", label: "Description", kind: "textarea" },
    { name: "currency", label: "Currency", kind: "select", options: FIAT_CURRENCIES.map((c) => ({ value: c, label: c })) },
    { name: "unit_price", label: "Unit price", kind: "money", currencyField: "currency" },
  ],
  actions: [
    {
      key: "delete",
      label: "Delete",
      endpoint: productEndpoints.remove,
      confirm: "Are you sure you want to proceed?",
      danger: true,
    },
  ],
  pageSize: 10,
  createLabel: "Add product",
  createSuccess: "Product created successfully",
  updateSuccess: "Product updated successfully",
  empty: { title: "No Products", body: "You have not added any product yet" },
  emptyFiltered: { title: "No Products", body: "No products match your search" },
  errorMessage: "Error fetching products",
  recordTitle: (p) => p.name,
});

/**
 * Customers of a business (SPEC §2 Customers, §3 Customer, §5 Edit customer, §7 Customers): people
 * and companies it holds money for, each of whom can get sub-accounts and sub-wallets.
 */
import { z } from "zod";
import { catalogEntry } from "./catalog.ts";
import { defineResource, type DetailField, type FormField } from "./define-resource.ts";
import { endpoint, IdParams } from "./define-endpoint.ts";
import { PageQuery } from "./page-query.ts";
import { sortParam } from "./list-query.ts";

export const CUSTOMER_TYPES = ["INDIVIDUAL", "BUSINESS"] as const;
export const CUSTOMER_STATES = ["ACTIVE", "INACTIVE"] as const;
export const CUSTOMER_BUSINESS_TYPES = ["CORPORATION", "LLC", "PARTNERSHIP", "SOLE_PROPRIETORSHIP"] as const;

const required = (label: string, max = 100) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** SPEC §5: optional, trimmed, at most 20 characters, international format. */
export const CustomerPhone = z
  .string()
  .trim()
  .max(20, "Phone number must be at most 20 characters")
  .refine((v) => v === "" || /^\+[1-9]\d{0,14}$/.test(v.replace(/[\s-]/g, "")), "Please enter a valid international phone number starting with +xxx")
  .optional()
  .default("");

/** SPEC §3 Address: line_1, city, state and country required; postal code optional. */
export const Address = z.object({
  line_1: required("Address", 200),
  city: required("City"),
  state: required("State"),
  postal_code: z.string().trim().max(20, "Postal code must be at most 20 characters").optional().default(""),
  country: z.string({ error: "Country is required" }).trim().length(2, "Country is required"),
});

/** One message per problem: a blank email is required, not also invalid. */
const email = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .pipe(z.email("Invalid email").max(200, "Email must be at most 200 characters"));
const country = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .length(2, message)
    .transform((v) => v.toUpperCase());

export const CustomerInput = z.discriminatedUnion(
  "type",
  [
    z.object({
      type: z.literal("INDIVIDUAL"),
      email,
      first_name: required("First name"),
      last_name: required("Last name"),
      phone_number: CustomerPhone,
      address: Address,
    }),
    z.object({
      type: z.literal("BUSINESS"),
      email,
      name: required("Business name", 200),
      business_type: z.enum(CUSTOMER_BUSINESS_TYPES, { error: "Business type is required" }),
      phone_number: CustomerPhone,
      address: Address,
      incorporation_country: country("Country of incorporation is required"),
    }),
  ],
  { error: "Customer type is required" },
);
export type CustomerInput = z.input<typeof CustomerInput>;

/** PATCH v2/customers/{id}/individual and /business (SPEC §7 bodies); the Edit customer modal shows the names disabled. */
export const IndividualUpdate = z.object({
  first_name: required("First name"),
  last_name: required("Last name"),
  phone_number: CustomerPhone,
  residential_address: Address,
});
export const BusinessUpdate = z.object({
  name: required("Business name", 200),
  business_type: z.enum(CUSTOMER_BUSINESS_TYPES, { error: "Business type is required" }),
  phone_number: CustomerPhone,
  registered_address: Address,
});
/** PATCH v2/customers/{id}/country_data: Nigerian identity numbers, exactly 11 digits each. */
export const CountryData = z.object({
  ng: z.object({
    bvn: z
      .string()
      .trim()
      .regex(/^\d{11}$/, "BVN must be exactly 11 digits")
      .optional(),
    nin: z
      .string()
      .trim()
      .regex(/^\d{11}$/, "NIN must be exactly 11 digits")
      .optional(),
  }),
});
/** PUT v2/customers/{id}/billing_information (SPEC §3: state_province and phone). */
export const BillingInformation = z.object({
  name: required("Name", 200),
  email,
  phone: CustomerPhone,
  address: z.object({
    line_1: required("Address", 200),
    city: required("City"),
    state_province: required("State"),
    postal_code: z.string().trim().max(20).optional().default(""),
    country: country("Country is required"),
  }),
});

/** The billing information as kept (the output of BillingInformation). */
export type BillingInformationValue = z.output<typeof BillingInformation>;

const AddressOut = z.object({ line_1: z.string(), city: z.string(), state: z.string(), postal_code: z.string(), country: z.string() });
export const Customer = z
  .object({
    id: z.string(),
    type: z.enum(CUSTOMER_TYPES),
    state: z.enum(CUSTOMER_STATES),
    email: z.string(),
    /** Display name: first and last name, or the business name. */
    display_name: z.string(),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    name: z.string().nullable(),
    business_type: z.string().nullable(),
    phone_number: z.string(),
    residential_address: AddressOut.nullable(),
    registered_address: AddressOut.nullable(),
    incorporation_country: z.string().nullable(),
    country_data: z.object({ ng: z.object({ bvn: z.string().optional(), nin: z.string().optional() }).optional() }),
    billing_information: z
      .object({
        name: z.string(),
        email: z.string(),
        phone: z.string(),
        address: z.object({ line_1: z.string(), city: z.string(), state_province: z.string(), postal_code: z.string(), country: z.string() }),
      })
      .nullable(),
    created_date: z.string(),
  })
  .meta({ id: "Customer" });
export type Customer = z.infer<typeof Customer>;

/** The customers list's orders: by name (ignoring case), creation (the default, newest first) or state. */
export const CUSTOMER_SORTS = ["name", "created_date", "state"] as const;
const CustomerListQuery = PageQuery.extend({
  sort: sortParam(CUSTOMER_SORTS, "-created_date"),
  keyword: z.string().trim().max(100).optional(),
  state: z.enum(CUSTOMER_STATES, { error: "state must be ACTIVE or INACTIVE" }).optional(),
  type: z.enum(CUSTOMER_TYPES, { error: "type must be INDIVIDUAL or BUSINESS" }).optional(),
});

/** SPEC §7 Customers: /v2/customers and its partial updates; GET stats for the tiles. */
const rule = (act: string) => ({ obj: "customers", act });
const tag = "customers";
export const customerEndpoints = {
  create: endpoint({
    method: "POST",
    path: "/v2/customers",
    summary: "Create a customer",
    tag,
    access: rule("create"),
    body: CustomerInput,
    status: 201,
    answer: { one: Customer },
  }),
  list: endpoint({
    method: "GET",
    path: "/v2/customers",
    summary: "List customers",
    tag,
    access: rule("list"),
    query: CustomerListQuery,
    answer: { page: Customer },
  }),
  stats: endpoint({
    method: "GET",
    path: "/v2/customers/stats",
    summary: "Get customer stats",
    tag,
    access: rule("list"),
    answer: { one: z.object({ total: z.number().int(), active: z.number().int(), inactive: z.number().int() }).meta({ id: "CustomerStats" }) },
  }),
  show: endpoint({
    method: "GET",
    path: "/v2/customers/:id",
    summary: "Get a customer",
    tag,
    access: rule("show"),
    params: IdParams,
    answer: { one: Customer },
  }),
  remove: endpoint({
    method: "DELETE",
    path: "/v2/customers/:id",
    summary: "Delete a customer",
    tag,
    access: rule("delete"),
    params: IdParams,
    answer: { none: true },
  }),
  // Re-enabling needs a fresh step-up.
  activate: endpoint({
    method: "PATCH",
    path: "/v2/customers/:id/activate",
    summary: "Activate a customer",
    tag,
    access: rule("edit"),
    stepUp: true,
    params: IdParams,
    answer: { one: Customer },
  }),
  deactivate: endpoint({
    method: "PATCH",
    path: "/v2/customers/:id/deactivate",
    summary: "Deactivate a customer",
    tag,
    access: rule("edit"),
    params: IdParams,
    answer: { one: Customer },
  }),
  updateIndividual: endpoint({
    method: "PATCH",
    path: "/v2/customers/:id/individual",
    summary: "Update an individual customer's details",
    tag,
    access: rule("edit"),
    changes: ["customers"],
    params: IdParams,
    body: IndividualUpdate,
    answer: { one: Customer },
  }),
  updateBusiness: endpoint({
    method: "PATCH",
    path: "/v2/customers/:id/business",
    summary: "Update a business customer's details",
    tag,
    access: rule("edit"),
    changes: ["customers"],
    params: IdParams,
    body: BusinessUpdate,
    answer: { one: Customer },
  }),
  updateCountryData: endpoint({
    method: "PATCH",
    path: "/v2/customers/:id/country_data",
    summary: "Update a customer's country data",
    tag,
    access: rule("edit"),
    changes: ["customers"],
    params: IdParams,
    body: CountryData,
    answer: { one: Customer },
  }),
  updateBilling: endpoint({
    method: "PUT",
    path: "/v2/customers/:id/billing_information",
    summary: "Update a customer's billing information",
    tag,
    access: rule("edit"),
    params: IdParams,
    body: BillingInformation,
    answer: { one: Customer },
  }),
};

const typeOptions = [
  { value: "INDIVIDUAL", label: "Individual" },
  { value: "BUSINESS", label: "Business" },
];
const addressFields = (prefix: string): FormField[] => [
  { name: `${prefix}.line_1`, label: "Address", kind: "text" },
  { name: `${prefix}.city`, label: "City", kind: "text" },
  { name: `${prefix}.state`, label: "State", kind: "text" },
  { name: `${prefix}.postal_code`, label: "Postal code", kind: "text" },
  { name: `${prefix}.country`, label: "Country", kind: "country" },
];

const ngDetail = (address: string, type: string): DetailField[] => [
  { field: "country_data.ng.bvn", label: "BVN", render: "masked", when: { type: [type], [`${address}.country`]: ["NG"] } },
  { field: "country_data.ng.nin", label: "NIN", render: "masked", when: { type: [type], [`${address}.country`]: ["NG"] } },
];

export const customers = defineResource<Customer>({
  ...catalogEntry("customers"),
  title: "Customers",
  subtitle: "Manage your customers",
  api: { list: customerEndpoints.list, one: customerEndpoints.show, create: customerEndpoints.create },
  schema: Customer,
  create: CustomerInput,
  access: { obj: "customers" },
  columns: [
    { field: "display_name", title: "Name", sort: "name" },
    { field: "type", title: "Type", render: "status" },
    { field: "created_date", title: "Creation Date", render: "date", sort: "created_date" },
    { field: "state", title: "Status", render: "status", sort: "state" },
    { field: "id", title: "Action", render: "actions" },
  ],
  filters: [
    { field: "keyword", kind: "search", param: "keyword", placeholder: "Search by name" },
    { field: "type", kind: "select", param: "type", label: "Type", options: typeOptions },
    {
      field: "state",
      kind: "select",
      param: "state",
      label: "Status",
      options: [
        { value: "ACTIVE", label: "Active" },
        { value: "INACTIVE", label: "Inactive" },
      ],
    },
  ],
  fields: [
    { name: "type", label: "Customer type", kind: "radio", options: typeOptions },
    { name: "email", label: "Email", kind: "text" },
    { name: "first_name", label: "First name", kind: "text", when: { type: ["INDIVIDUAL"] } },
    { name: "last_name", label: "Last name", kind: "text", when: { type: ["INDIVIDUAL"] } },
    { name: "name", label: "Business name", kind: "text", when: { type: ["BUSINESS"] } },
    {
      name: "business_type",
      label: "Business type",
      kind: "select",
      when: { type: ["BUSINESS"] },
      options: CUSTOMER_BUSINESS_TYPES.map((t) => ({ value: t, label: t.charAt(0) + t.slice(1).toLowerCase().replace(/_/g, " ") })),
    },
    { name: "incorporation_country", label: "Country of incorporation", kind: "country", when: { type: ["BUSINESS"] } },
    { name: "phone_number", label: "Phone number", kind: "text", placeholder: "+2348012345678" },
    ...addressFields("address"),
  ],
  formDefaults: { type: "INDIVIDUAL", phone_number: "", address: { postal_code: "" } },
  detail: [
    { field: "type", label: "Type", render: "status" },
    { field: "state", label: "Status", render: "status" },
    { field: "email", label: "Email" },
    { field: "phone_number", label: "Phone number" },
    { field: "business_type", label: "Business type", when: { type: ["BUSINESS"] } },
    { field: "created_date", label: "Creation Date", render: "date" },
    { field: "residential_address", label: "Address", render: "postalAddress", when: { type: ["INDIVIDUAL"] } },
    { field: "registered_address", label: "Address", render: "postalAddress", when: { type: ["BUSINESS"] } },
    { field: "incorporation_country", label: "Country of incorporation", render: "country", when: { type: ["BUSINESS"] } },
    // SPEC §5: Nigerian identity numbers, for customers in NG, masked but for their last 4 digits.
    ...ngDetail("residential_address", "INDIVIDUAL"),
    ...ngDetail("registered_address", "BUSINESS"),
  ],
  actions: [
    {
      key: "deactivate",
      label: "Deactivate",
      endpoint: customerEndpoints.deactivate,
      confirm: "Are you sure you want to proceed?",
      states: ["ACTIVE"],
      toastSeconds: 5,
    },
    {
      key: "create-sub-account",
      label: "Create sub-account",
      access: { obj: "sub-accounts", act: "create" },
      to: "/sub-accounts?for=customer&customer=:id&add-new=true",
      states: ["ACTIVE"],
    },
    {
      key: "activate",
      label: "Activate",
      endpoint: customerEndpoints.activate,
      confirm: "Are you sure you want to proceed?",
      states: ["INACTIVE"],
      toastSeconds: 5,
    },
  ],
  /** SPEC §7: Total / Active / Inactive customers above the list. */
  summary: {
    endpoint: customerEndpoints.stats,
    tiles: [
      { field: "total", label: "Total customers" },
      { field: "active", label: "Active customers", color: "#389e0d" },
      { field: "inactive", label: "Inactive customers", color: "#8c8c8c" },
    ],
  },
  /** SPEC §5 Edit customer: a bespoke modal (src/app/pages/customers/edit-customer-modal.tsx). */
  editComponent: "edit-customer",
  /** 'Add a customer' opens /customers/create (the generic form on its own page). */
  createOpens: "page",
  pageSize: 10,
  createLabel: "Add a customer",
  createSuccess: "Customer created successfully",
  empty: { title: "No Customers", body: "You have not created any customer yet" },
  emptyFiltered: { title: "No Customers", body: "No customers match your filters or search query" },
  errorMessage: "Error fetching customers",
  recordTitle: (c) => c.display_name,
});

/**
 * SPEC §5 Edit customer, without React: the form's values from a customer, their validation with
 * the declared schemas (IndividualUpdate / BusinessUpdate, CountryData) and the calls a save makes.
 */
import { z } from "zod";
import {
  BusinessUpdate,
  CountryData,
  CUSTOMER_TYPES,
  CustomerInput,
  customerEndpoints,
  IndividualUpdate,
  type Customer,
} from "../../../../resources/customers.ts";
import type { SentBodyOf, SentParamsOf } from "../../../../resources/define-endpoint.ts";

export type EditCustomerValues = {
  type: string;
  email: string;
  first_name: string;
  last_name: string;
  name: string;
  business_type: string;
  phone_number: string;
  address: { line_1: string; city: string; state: string; postal_code: string; country: string };
  bvn: string;
  nin: string;
};

const CustomerType = z.enum(CUSTOMER_TYPES, { error: "Customer type is required" });
/** The create schema's email rule (required, 'Invalid email'): shown, not editable, still checked. */
const Email = CustomerInput.options[0].shape.email;

/** The customer's address as the form edits it (residential for a person, registered for a business). */
const addressOf = (c: Customer) => c.residential_address ?? c.registered_address;

export function editValues(c: Customer): EditCustomerValues {
  const a = addressOf(c);
  return {
    type: c.type,
    email: c.email,
    first_name: c.first_name ?? "",
    last_name: c.last_name ?? "",
    name: c.name ?? "",
    business_type: c.business_type ?? "",
    phone_number: c.phone_number ?? "",
    address: { line_1: a?.line_1 ?? "", city: a?.city ?? "", state: a?.state ?? "", postal_code: a?.postal_code ?? "", country: a?.country ?? "" },
    bvn: "",
    nin: "",
  };
}

/** A customer in Nigeria (address, or a business's country of incorporation) is asked for BVN and NIN. */
export function isInNigeria(values: Pick<EditCustomerValues, "address">, customer?: Pick<Customer, "incorporation_country" | "type">): boolean {
  return values.address?.country === "NG" || (customer?.type === "BUSINESS" && customer.incorporation_country === "NG");
}

/** The PATCH …/individual or …/business body, before validation. */
function profileBody(v: EditCustomerValues) {
  return v.type === "BUSINESS"
    ? { name: v.name, business_type: v.business_type, phone_number: v.phone_number, registered_address: v.address }
    : { first_name: v.first_name, last_name: v.last_name, phone_number: v.phone_number, residential_address: v.address };
}
const profileSchema = (type: string) => (type === "BUSINESS" ? BusinessUpdate : IndividualUpdate);

/** The PATCH …/country_data body's ng part: only the numbers given (blank keeps what is on file). */
function ngBody(v: Pick<EditCustomerValues, "bvn" | "nin">) {
  const ng: { bvn?: string; nin?: string } = {};
  if (v.bvn?.trim()) ng.bvn = v.bvn;
  if (v.nin?.trim()) ng.nin = v.nin;
  return ng;
}

/** A form path for an update schema's issue path: residential_address.city -> address.city, ng.bvn -> bvn. */
function formPath(path: PropertyKey[]): PropertyKey[] {
  const [head, ...rest] = path;
  if (head === "residential_address" || head === "registered_address") return ["address", ...rest];
  if (head === "ng") return rest;
  return path;
}

/**
 * The form's schema: every message comes from the declared schemas, at the field that shows it.
 * `customer` decides whether BVN / NIN apply (with the address the form holds).
 */
export function editCustomerSchema(customer?: Pick<Customer, "incorporation_country" | "type">) {
  return z
    .custom<EditCustomerValues>((v) => typeof v === "object" && v !== null)
    .superRefine((v, ctx) => {
      const report = (issues: readonly { message: string; path: PropertyKey[] }[]) => {
        for (const i of issues) ctx.addIssue({ code: "custom", message: i.message, path: formPath(i.path) });
      };
      const type = CustomerType.safeParse(v.type || undefined);
      if (!type.success) report(type.error.issues.map((i) => ({ ...i, path: ["type"] })));
      const email = Email.safeParse(v.email);
      if (!email.success) report(email.error.issues.map((i) => ({ ...i, path: ["email"] })));
      if (type.success) {
        const profile = profileSchema(type.data).safeParse(profileBody(v));
        if (!profile.success) report(profile.error.issues);
      }
      if (isInNigeria(v, customer)) {
        const ids = CountryData.safeParse({ ng: ngBody(v) });
        if (!ids.success) report(ids.error.issues);
      }
    });
}

/** One call of a save: the endpoint, its path parameters and its body. */
type Request<E> = { endpoint: E; params: SentParamsOf<E>; body: SentBodyOf<E> };
export type EditRequest =
  | Request<typeof customerEndpoints.updateIndividual>
  | Request<typeof customerEndpoints.updateBusiness>
  | Request<typeof customerEndpoints.updateCountryData>;

/** The calls a save makes, in order: the profile, then the Nigerian numbers when any is given. */
export function editRequests(v: EditCustomerValues, customer: Pick<Customer, "id" | "incorporation_country" | "type">): EditRequest[] {
  const params = { id: customer.id };
  const profile = profileBody({ ...v, type: customer.type });
  const requests: EditRequest[] = [
    customer.type === "BUSINESS"
      ? { endpoint: customerEndpoints.updateBusiness, params, body: BusinessUpdate.parse(profile) }
      : { endpoint: customerEndpoints.updateIndividual, params, body: IndividualUpdate.parse(profile) },
  ];
  const ng = ngBody(v);
  if (isInNigeria(v, customer) && (ng.bvn || ng.nin)) requests.push({ endpoint: customerEndpoints.updateCountryData, params, body: CountryData.parse({ ng }) });
  return requests;
}

/** A server field error's path in the form (the API answers with the update schemas' paths). */
export const formPathOf = (path: string) => formPath(path.split(".")).join(".");

/**
 * The invoice form's values: InvoiceInput as typed (amounts already in minor units, see the money
 * field), how a saved draft and a picked customer fill them, and the live totals they give.
 */
import type { z } from "zod";
import type { Resolver } from "react-hook-form";
import { InvoiceInput, type Invoice } from "../../../../resources/invoices.ts";
import type { Customer } from "../../../../resources/customers.ts";
import { schemaResolver } from "../../components/resource/schema-resolver.ts";
import { invoiceTotals, type DiscountSpec, type InvoiceSpec, type TaxSpec } from "../../../lib/invoice-totals.ts";

export type InvoiceValues = z.input<typeof InvoiceInput>;
export type InvoiceBody = z.output<typeof InvoiceInput>;
export type ItemValues = InvoiceValues["items"][number];
type Address = NonNullable<InvoiceValues["billing_information"]["address"]>;

export const blankAddress = (): Address => ({ line_1: "", city: "", state_province: "", postal_code: "", country: "" });
// Amounts not yet typed are null, not undefined: react-hook-form shows a field's default value for
// undefined, and in edit mode a new line's index may have had another line's price by default.
export const blankItem = (): ItemValues => ({ product_id: null, name: "", description: "", quantity: 1, unit_price: null as never, discount: null, tax: null });

export function emptyInvoice(): InvoiceValues {
  return {
    customer_id: null,
    billing_information: { name: "", email: "", address: blankAddress() },
    currency: undefined as never,
    account_id: undefined as never,
    due_date: undefined as never,
    description: "",
    items: [blankItem()],
    discount: null,
    tax: null,
    shipping_amount: undefined,
    notes: "",
    terms: "",
  };
}

/** A saved draft as form values (edit mode). */
export function valuesOf(inv: Invoice): InvoiceValues {
  return {
    customer_id: inv.customer_id,
    billing_information: {
      name: inv.billing_information.name,
      email: inv.billing_information.email,
      address: inv.billing_information.address ?? blankAddress(),
    },
    currency: inv.currency as InvoiceValues["currency"],
    account_id: inv.account_id ?? (undefined as never),
    due_date: inv.due_date,
    description: inv.description,
    items: inv.items.map((i) => ({
      product_id: i.product_id,
      name: i.name,
      description: i.description,
      quantity: i.quantity,
      unit_price: i.unit_price,
      discount: (i.discount ?? null) as ItemValues["discount"],
      tax: (i.tax ?? null) as ItemValues["tax"],
    })),
    discount: (inv.discount ?? null) as InvoiceValues["discount"],
    tax: (inv.tax ?? null) as InvoiceValues["tax"],
    shipping_amount: inv.shipping_amount,
    notes: inv.notes,
    terms: inv.terms,
  };
}

/** The address as a customer record keeps it (state, not state_province). */
type CustomerAddress = { line_1: string; city: string; state: string; postal_code: string; country: string };
type CustomerBilling = { name?: string; email?: string; address?: Partial<Address> | null };

/** A customer's billing details: its billing information where it has some, else its own email, name and address. */
export function billingOf(
  c: Pick<Customer, "display_name" | "email" | "billing_information" | "residential_address" | "registered_address">,
): InvoiceValues["billing_information"] {
  const billing = (c.billing_information ?? null) as CustomerBilling | null;
  const own = (c.registered_address ?? c.residential_address) as CustomerAddress | null;
  const address = billing?.address
    ? { ...blankAddress(), ...billing.address }
    : own
      ? { line_1: own.line_1, city: own.city, state_province: own.state, postal_code: own.postal_code ?? "", country: own.country }
      : blankAddress();
  return { name: billing?.name || c.display_name, email: billing?.email || c.email, address };
}

/** A billing address left wholly blank is no address (the schema makes it optional); a partly typed one is checked. */
export function withoutBlankAddress(values: InvoiceValues): InvoiceValues {
  const address = values.billing_information?.address;
  const blank = !address || Object.values(address).every((v) => !String(v ?? "").trim());
  return blank ? { ...values, billing_information: { ...values.billing_information, address: null } } : values;
}

const validate = schemaResolver(InvoiceInput);
/** InvoiceInput (zodResolver, see schemaResolver), after dropping a blank address: the schema's own messages under the fields. */
export const invoiceResolver: Resolver<InvoiceValues, unknown, InvoiceBody> = (values, ctx, options) => validate(withoutBlankAddress(values), ctx, options);

/** The totals as the server will compute them (the same function), from whatever is typed so far. */
export function liveTotals(values: Partial<InvoiceValues>) {
  const spec: InvoiceSpec = {
    items: (values.items ?? []).map((i) => ({
      quantity: typeof i?.quantity === "number" || typeof i?.quantity === "string" ? i.quantity : 0,
      unit_price: String(i?.unit_price ?? ""),
      discount: i?.discount as DiscountSpec | null | undefined,
      tax: i?.tax as TaxSpec | null | undefined,
    })),
    discount: values.discount as DiscountSpec | null | undefined,
    tax: values.tax as TaxSpec | null | undefined,
    shipping_amount: String(values.shipping_amount ?? ""),
  };
  return invoiceTotals(spec);
}

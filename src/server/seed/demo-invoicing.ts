/**
 * The demo's invoicing (through the same services as the API): settings with a billing address and a
 * logo, products, and invoices in every state — paid and partly paid by deposits that name their
 * numbers, one overdue, one sent, a draft and a void.
 */
import { and, asc, eq, isNull } from "drizzle-orm";
import { PNG } from "pngjs";
import { accounts } from "../db/schema/index.ts";
import { identifierOf } from "../providers/rails/provider.ts";
import { InvoiceInput } from "../../../resources/invoices.ts";
import { ProductInput, type Product } from "../../../resources/products.ts";
import { InvoiceConfigUpdate, LOGO_SIDE } from "../../../resources/invoice-settings.ts";
import { todayUtc } from "../../lib/dates.ts";
import type { Services } from "../services/index.ts";

const DAY = 86_400_000;
const day = (offset: number) => todayUtc(new Date(Date.now() + offset * DAY));

/** A 280x280 PNG: a teal rounded square with a white bar, drawn here so the demo needs no binary file. */
function demoLogo(): Buffer {
  const png = new PNG({ width: LOGO_SIDE, height: LOGO_SIDE });
  for (let y = 0; y < LOGO_SIDE; y++) {
    for (let x = 0; x < LOGO_SIDE; x++) {
      const i = (y * LOGO_SIDE + x) * 4;
      const corner =
        Math.min(x, LOGO_SIDE - 1 - x) < 40 &&
        Math.min(y, LOGO_SIDE - 1 - y) < 40 &&
        Math.hypot(40 - Math.min(x, LOGO_SIDE - 1 - x), 40 - Math.min(y, LOGO_SIDE - 1 - y)) > 40;
      const bar = y > 120 && y < 160 && x > 60 && x < 220;
      const [r, g, b] = bar ? [255, 255, 255] : [0, 128, 128];
      png.data[i] = r;
      png.data[i + 1] = g;
      png.data[i + 2] = b;
      png.data[i + 3] = corner ? 0 : 255;
    }
  }
  return PNG.sync.write(png);
}

export async function seedInvoicing(services: Services, businessId: string, authorId: string) {
  await services.invoiceSettings.update(
    businessId,
    InvoiceConfigUpdate.parse({
      invoice_prefix: "dtl",
      invoice_numbering_strategy: "MONTHLY",
      include_logo_in_header: true,
      business_address: { line_1: "15 Marina Road", city: "Lagos Island", state_province: "Lagos", postal_code: "101001", country: "NG" },
    }),
  );
  await services.invoiceSettings.setLogo(businessId, demoLogo());

  const products: Product[] = [];
  for (const p of [
    { name: "Consulting hour", description: "Trade finance advisory, per hour", currency: "USD", unit_price: "15000" },
    { name: "Software licence", description: "Annual licence, one seat", currency: "USD", unit_price: "120000" },
    { name: "Onboarding package", description: "Setup, training and first month of support", currency: "USD", unit_price: "50000" },
  ])
    products.push(await services.products.create(businessId, ProductInput.parse(p)));

  const [usd] = await services.ctx.db
    .select()
    .from(accounts)
    .where(and(eq(accounts.businessId, businessId), eq(accounts.currency, "USD"), isNull(accounts.parentAccountId), eq(accounts.state, "ACTIVE")))
    .orderBy(asc(accounts.createdAt))
    .limit(1);
  const sahel = {
    name: "Sahel Foods Ltd",
    email: "finance@sahelfoods.example",
    address: { line_1: "7 Broad Street", city: "Lagos Island", state_province: "Lagos", postal_code: "106104", country: "NG" },
  };
  const david = {
    name: "David Mensah",
    email: "david.mensah@example.com",
    address: { line_1: "4 Oxford Street", city: "Accra", state_province: "Greater Accra", postal_code: "", country: "GH" },
  };
  const base = {
    currency: "USD",
    account_id: usd.id,
    terms: "Payment due by the due date. Late payments may incur a 1.5% monthly charge.",
    notes: "Thank you for your business.",
  };
  const line = (i: number, quantity: number, extra: Record<string, unknown> = {}) => ({
    product_id: products[i].id,
    name: products[i].name,
    description: products[i].description,
    quantity,
    unit_price: products[i].unit_price,
    ...extra,
  });
  const vat = { method: "percentage", percentage_rate: "7.5", type: "STANDARD", behaviour: "exclusive" };

  const create = (input: Record<string, unknown>, issuedDaysAgo: number | null) =>
    services.invoices.create(
      businessId,
      authorId,
      InvoiceInput.parse({ ...base, ...input }),
      issuedDaysAgo === null ? {} : { issue: true, at: new Date(Date.now() - issuedDaysAgo * DAY) },
    );

  const paid = await create(
    {
      billing_information: sahel,
      due_date: day(-50),
      description: "Q3 advisory retainer",
      items: [line(0, 12), line(2, 1, { discount: { type: "percentage", percentage_rate: "10", reason: "Returning customer" } })],
      tax: vat,
    },
    80,
  );
  const partly = await create(
    { billing_information: sahel, due_date: day(20), description: "Licences for the Kano office", items: [line(1, 3, { tax: vat })], shipping_amount: "2500" },
    10,
  );
  await create({ billing_information: david, due_date: day(-15), items: [line(0, 4)] }, 45);
  const sent = await create(
    {
      billing_information: david,
      due_date: day(30),
      description: "Onboarding and first licence",
      items: [line(2, 1, { discount: { type: "fixed", fixed_amount: "5000", reason: "Launch offer" } }), line(1, 1, { tax: vat })],
      discount: { type: "percentage", percentage_rate: "5", reason: "Paid within 30 days" },
    },
    2,
  );
  await services.invoices.send(businessId, sent.id);
  await create({ billing_information: sahel, due_date: day(45), description: "Draft: Q4 retainer", items: [line(0, 10)] }, null);
  const voided = await create({ billing_information: david, due_date: day(10), items: [line(0, 2)] }, 20);
  await services.invoices.void(businessId, voided.id);

  // The customers pay by bank transfer, naming the invoice number as the reference.
  const identifier = identifierOf(usd.depositAddresses[0]);
  const pay = (number: string, amount: bigint, daysAgo: number, sender: string) =>
    services.ctx.db.transaction((tx) =>
      services.deposits.receive(tx, {
        network: "fiat",
        identifier,
        currency: "USD",
        amount,
        senderName: sender,
        reference: number,
        at: new Date(Date.now() - daysAgo * DAY),
      }),
    );
  await pay(paid.number!, BigInt(paid.totals.total_amount_payable), 55, "Sahel Foods Ltd");
  await pay(partly.number!, BigInt(partly.totals.total_amount_payable) / 2n, 3, "Sahel Foods Ltd");
}

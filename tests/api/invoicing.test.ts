/**
 * Invoicing through HTTP on a fresh database: numbering per strategy and its lock, invoice settings,
 * the logo's type and size rules, invoices from draft to paid by deposits that name them, the public
 * endpoints reaching exactly one invoice, bad input, and who may do what.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { PNG } from "pngjs";
import sharp from "sharp";
import { Client, lastMail, signedUpClient, startServer, type TestServer } from "../helpers/api.ts";
import { expectAccessiblePdf, pdfText, pdfWords } from "../helpers/pdf.ts";
import { NUMBERING_LOCKED_MESSAGE, LOGO_MESSAGES } from "../../resources/invoice-settings.ts";
import { invoiceTotals } from "../../src/lib/invoice-totals.ts";
import { todayUtc } from "../../src/lib/dates.ts";
import { identifierOf } from "../../src/server/providers/rails/provider.ts";
import { invoiceSettings } from "../../src/server/db/schema/index.ts";
import { eq } from "drizzle-orm";

let s: TestServer;
type Biz = { client: Client; id: string; usd: { id: string; identifier: string }; eur: string; email: string };
let a: Biz; // the business under test
let b: Biz; // another business

const day = (offset: number) => todayUtc(new Date(Date.now() + offset * 86_400_000));
const key = () => `test-${crypto.randomUUID()}`;

async function business(): Promise<Biz> {
  const { client, input } = await signedUpClient(s.app);
  const id = (await client.get("/session")).body.data.business.id;
  const opened = await s.app.services.ctx.db.transaction(async (tx) => {
    const usd = await s.app.services.accounts.open(tx, id, "USD", { holderName: "Acme" });
    const eur = await s.app.services.accounts.open(tx, id, "EUR", { holderName: "Acme" });
    return { usd, eur };
  });
  const accounts = (await client.get("/accounts/corporate?limit=100")).body.data.items as {
    id: string;
    currency: string;
    deposit_addresses: { type: string; data: Record<string, string> }[];
  }[];
  const usd = accounts.find((x) => x.currency === "USD")!;
  expect(opened).toBeTruthy();
  return {
    client,
    id,
    usd: { id: usd.id, identifier: identifierOf(usd.deposit_addresses[0]) },
    eur: accounts.find((x) => x.currency === "EUR")!.id,
    email: input.email,
  };
}

const invoiceInput = (biz: Biz, over: Record<string, unknown> = {}) => ({
  billing_information: {
    name: "Sahel Foods Ltd",
    email: "Finance@Sahel.example",
    address: { line_1: "7 Broad Street", city: "Lagos", state_province: "Lagos", postal_code: "", country: "ng" },
  },
  currency: "USD",
  account_id: biz.usd.id,
  due_date: day(30),
  items: [
    { name: "Onboarding", quantity: 1, unit_price: "50000", discount: { type: "fixed", fixed_amount: "5000", reason: "Launch" } },
    { name: "Licence", quantity: 2, unit_price: "60000", tax: { method: "percentage", percentage_rate: 7.5, behaviour: "exclusive" } },
  ],
  discount: { type: "percentage", percentage_rate: "5" },
  shipping_amount: 2500,
  notes: "Thanks",
  terms: "Net 30",
  ...over,
});

const deposit = (biz: Biz, amount: bigint | string, reference: string, k = key()) =>
  new Client(s.app).post(
    "/sandbox/deposits",
    { identifier: biz.usd.identifier, currency: "USD", amount: String(amount), sender_name: "Sahel Foods Ltd", reference },
    { "idempotency-key": k },
  );

/** A multipart body with one file part, as a browser's FormData sends it. */
function multipart(field: string, fileName: string, type: string, content: Buffer) {
  const boundary = `----test${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
async function uploadLogo(c: Client, fileName: string, type: string, content: Buffer) {
  const body = multipart("logo", fileName, type, content);
  return c.request("PATCH", "/businesses/profile/logo", body.payload, { "content-type": body.contentType });
}
const png = (side: number) => {
  const p = new PNG({ width: side, height: side });
  p.data.fill(200);
  return PNG.sync.write(p);
};

async function created(biz: Biz, over: Record<string, unknown> = {}) {
  const res = await biz.client.post("/invoicing/invoices", invoiceInput(biz, over));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}
async function issued(biz: Biz, over: Record<string, unknown> = {}) {
  const inv = await created(biz, over);
  const res = await biz.client.post(`/invoicing/invoices/${inv.id}/issue`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

beforeAll(async () => {
  s = await startServer();
  a = await business();
  b = await business();
});
afterAll(() => s.close());

describe("invoice settings and numbering", () => {
  test("a new business starts with prefix INV, SEQUENTIAL, logo in header, unlocked", async () => {
    const res = await a.client.get("/invoicing/settings");
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      invoice_prefix: "INV",
      invoice_numbering_strategy: "SEQUENTIAL",
      include_logo_in_header: true,
      logo_url: null,
      business_address: null,
      numbering_locked: false,
    });
  });

  test("the prefix is forced upper case; the messages say what changed", async () => {
    const res = await a.client.patch("/invoicing/settings", { invoice_prefix: "acme", invoice_numbering_strategy: "YEARLY" });
    expect(res.body).toMatchObject({ message: "Invoice number settings updated", data: { invoice_prefix: "ACME", invoice_numbering_strategy: "YEARLY" } });
    const addr = await a.client.patch("/invoicing/settings", {
      business_address: { line_1: "1 Marina", city: "Lagos", state_province: "Lagos", country: "NG" },
    });
    expect(addr.body).toMatchObject({ message: "Billing address updated", data: { business_address: { line_1: "1 Marina", postal_code: "", country: "NG" } } });
  });

  test("bad settings are refused with their messages", async () => {
    const bad = async (body: unknown, message: string) => {
      const res = await a.client.patch("/invoicing/settings", body);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.message).toBe(message);
    };
    await bad({ invoice_prefix: "" }, "Invoice prefix is required");
    await bad({ invoice_prefix: "IN V" }, "Invoice prefix may only contain letters and digits");
    await bad({ invoice_prefix: "ABCDEFGHIJK" }, "Invoice prefix must be at most 10 characters");
    await bad({ invoice_numbering_strategy: "DAILY" }, "Numbering strategy must be SEQUENTIAL, MONTHLY or YEARLY");
    await bad({ business_address: { line_1: "", city: "Lagos", state_province: "Lagos", country: "NG" } }, "Address is required");
    await bad({ business_address: { line_1: "x", city: "", state_province: "Lagos", country: "NG" } }, "City is required");
    await bad({ business_address: { line_1: "x", city: "y", state_province: "", country: "NG" } }, "State is required");
    await bad({ business_address: { line_1: "x", city: "y", state_province: "z" } }, "Country is required");
    await bad({}, "Nothing to update");
    await bad({ logo_url: "http://evil.example/x.png" }, '"logo_url" is not a field this request takes: leave it out');
  });

  test("numbers follow the strategy: SEQUENTIAL, MONTHLY and YEARLY", async () => {
    const year = String(new Date().getUTCFullYear());
    const month = `${year}${String(new Date().getUTCMonth() + 1).padStart(2, "0")}`;
    const expectations = [
      ["SEQUENTIAL", "SEQ", ["SEQ-0001", "SEQ-0002"]],
      ["MONTHLY", "MON", [`MON-${month}-0001`, `MON-${month}-0002`]],
      ["YEARLY", "YR", [`YR-${year}-0001`, `YR-${year}-0002`]],
    ] as const;
    for (const [strategy, prefix, numbers] of expectations) {
      const biz = await business();
      await biz.client.patch("/invoicing/settings", { invoice_prefix: prefix, invoice_numbering_strategy: strategy });
      expect((await issued(biz)).number).toBe(numbers[0]);
      expect((await issued(biz)).number).toBe(numbers[1]);
    }
  });

  test("a draft has no number; numbers are given in the order invoices are issued", async () => {
    const biz = await business();
    const first = await created(biz);
    const second = await created(biz);
    expect(first.number).toBeNull();
    expect((await biz.client.post(`/invoicing/invoices/${second.id}/issue`)).body.data.number).toBe("INV-0001");
    expect((await biz.client.post(`/invoicing/invoices/${first.id}/issue`)).body.data.number).toBe("INV-0002");
    expect((await biz.client.post(`/invoicing/invoices/${first.id}/issue`)).body).toEqual({ message: "Only draft invoices can be issued", errors: [] });
  });

  test("concurrent issues never share a number", async () => {
    const biz = await business();
    const drafts = await Promise.all(Array.from({ length: 8 }, () => created(biz)));
    const numbers = await Promise.all(drafts.map(async (d) => (await biz.client.post(`/invoicing/invoices/${d.id}/issue`)).body.data.number));
    expect(numbers.sort()).toEqual(Array.from({ length: 8 }, (_, i) => `INV-${String(i + 1).padStart(4, "0")}`));
  });

  test("once an invoice exists, prefix and strategy are locked (the server refuses); other settings still change", async () => {
    const biz = await business();
    await created(biz);
    expect((await biz.client.get("/invoicing/settings")).body.data.numbering_locked).toBe(true);
    for (const body of [{ invoice_prefix: "NEW" }, { invoice_numbering_strategy: "MONTHLY" }]) {
      const res = await biz.client.patch("/invoicing/settings", body);
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ message: NUMBERING_LOCKED_MESSAGE, errors: [] });
    }
    // Sending the unchanged values (as a settings form does) is not a change.
    expect(
      (await biz.client.patch("/invoicing/settings", { invoice_prefix: "inv", invoice_numbering_strategy: "SEQUENTIAL", include_logo_in_header: false }))
        .status,
    ).toBe(200);
    expect((await biz.client.get("/invoicing/settings")).body.data).toMatchObject({ invoice_prefix: "INV", include_logo_in_header: false });
  });
});

describe("the logo", () => {
  test("PNG uploads ('Logo uploaded', then 'Logo updated') and reads back as a 280 px PNG", async () => {
    const first = await uploadLogo(a.client, "logo.png", "image/png", png(280));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.message).toBe("Logo uploaded");
    const second = await uploadLogo(a.client, "logo.png", "image/png", png(280));
    expect(second.body.message).toBe("Logo updated");
    const url = (await a.client.get("/businesses/profile/logo")).body.data.logo_url as string;
    expect(url).toMatch(/^\/api\/businesses\/profile\/logo\/file/);
    const file = await s.app.inject({ url, headers: { cookie: [...a.client.cookies].map(([k, v]) => `${k}=${v}`).join("; ") } });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("image/png");
    expect(PNG.sync.read(file.rawPayload).width).toBe(280);
    // Another business cannot read it: its own (missing) logo answers.
    expect((await b.client.get("/businesses/profile/logo/file")).status).toBe(404);
  });

  test("a draft's preview shows the logo: the member's view names a file the member can read (issue 26)", async () => {
    const biz = await business();
    expect((await uploadLogo(biz.client, "logo.png", "image/png", png(280))).status).toBe(200);
    const cookie = [...biz.client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    for (const inv of [await created(biz), await issued(biz)]) {
      const view = (await biz.client.get(`/invoicing/invoices/${inv.id}`)).body.data;
      expect(view.business_information.logo, inv.state).toBeTruthy();
      const file = await s.app.inject({ url: view.business_information.logo, headers: { cookie } });
      expect(file.statusCode, `${inv.state}: ${view.business_information.logo}`).toBe(200);
      expect(file.headers["content-type"]).toBe("image/png");
    }
  });

  test("SVG and JPEG are accepted; an SVG is served so that it can run nothing", async () => {
    const biz = await business();
    expect(
      (
        await uploadLogo(
          biz.client,
          "l.svg",
          "image/svg+xml",
          Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>'),
        )
      ).status,
    ).toBe(200);
    const file = await biz.client.get("/businesses/profile/logo/file");
    expect(file.headers["content-type"]).toMatch(/^image\/svg\+xml/);
    expect(String(file.headers["content-security-policy"])).toContain("sandbox");
    // An SVG's PNG rendering is what the invoice PDF draws; a rendering that is not a PNG is refused.
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
    const both = (raster: Buffer) => {
      const boundary = "----both";
      const part = (name: string, type: string, content: Buffer) =>
        Buffer.concat([
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`),
          content,
          Buffer.from("\r\n"),
        ]);
      const payload = Buffer.concat([part("logo", "image/svg+xml", svg), part("logo_raster", "image/png", raster), Buffer.from(`--${boundary}--\r\n`)]);
      return biz.client.request("PATCH", "/businesses/profile/logo", payload, { "content-type": `multipart/form-data; boundary=${boundary}` });
    };
    expect((await both(Buffer.from("not a png"))).status).toBe(400);
    expect((await both(png(280))).body.message).toBe("Logo updated");
    const inv = await issued(biz);
    const pdf = await s.app.inject({ url: `/api/public/invoicing/invoices/${inv.reference}/download` });
    expect(pdf.rawPayload.toString("latin1")).toContain("/Subtype /Image");
    // A JPEG is decoded whole at upload (and stored as PNG): a real one, not just its first bytes.
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#204080" } })
      .jpeg()
      .toBuffer();
    expect((await uploadLogo(biz.client, "l.jpg", "image/jpeg", jpeg)).body.message).toBe("Logo updated");
  });

  test("other types are refused by their content, not their name; over 1MB is refused", async () => {
    const before = (await a.client.get("/businesses/profile/logo")).body.data.logo_url;
    for (const [name, type, content] of [
      ["notes.txt", "text/plain", Buffer.from("hello")],
      ["fake.png", "image/png", Buffer.from("GIF89a not really a png")],
      ["anim.gif", "image/gif", Buffer.from("GIF89a")],
      ["page.svg", "image/svg+xml", Buffer.from("<html><script>alert(1)</script></html>")],
      ["empty.png", "image/png", Buffer.alloc(0)],
    ] as const) {
      const res = await uploadLogo(a.client, name, type, content);
      expect(res.status, name).toBe(400);
      expect(res.body.message, name).toBe(LOGO_MESSAGES.type);
    }
    const big = Buffer.concat([png(10), Buffer.alloc(1024 * 1024)]);
    const res = await uploadLogo(a.client, "big.png", "image/png", big);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(LOGO_MESSAGES.size);
    // Not multipart, or the wrong field: a clear 400.
    expect((await a.client.request("PATCH", "/businesses/profile/logo", { logo: "x" })).status).toBe(400);
    const wrongField = multipart("image", "l.png", "image/png", png(10));
    expect((await a.client.request("PATCH", "/businesses/profile/logo", wrongField.payload, { "content-type": wrongField.contentType })).status).toBe(400);
    expect((await a.client.get("/businesses/profile/logo")).body.data.logo_url).toBe(before);
  });
});

/** A PNG whose header (with a valid checksum) claims side x side pixels over the same small data. */
function claimingSize(file: Buffer, side: number) {
  const b = Buffer.from(file);
  b.writeUInt32BE(side, 16);
  b.writeUInt32BE(side, 20);
  let crc = ~0;
  for (const byte of b.subarray(12, 29)) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  b.writeUInt32BE(~crc >>> 0, 29);
  return b;
}

describe("a logo that cannot be read", () => {
  const junkPng = () => Buffer.concat([png(10).subarray(0, 8), Buffer.from("junk after a PNG signature, not an image")]);

  test("a file with an image's first bytes but no image is refused, and nothing is stored", async () => {
    const biz = await business();
    const none = await uploadLogo(biz.client, "broken.png", "image/png", junkPng());
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(LOGO_MESSAGES.load);
    expect((await biz.client.get("/businesses/profile/logo/file")).status).toBe(404);

    expect((await uploadLogo(biz.client, "logo.png", "image/png", png(20))).body.message).toBe("Logo uploaded");
    const before = (await biz.client.get("/businesses/profile/logo")).body.data.logo_url;
    // A PNG cut short, and a JPEG with no frame, are refused the same way.
    for (const [name, type, content] of [
      ["cut.png", "image/png", png(20).subarray(0, 40)],
      ["broken.jpg", "image/jpeg", Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x02, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff, 0xd9])],
    ] as const) {
      const res = await uploadLogo(biz.client, name, type, content);
      expect(res.status, name).toBe(400);
      expect(res.body.message, name).toBe(LOGO_MESSAGES.load);
    }
    // A small file whose header claims 5,000 x 5,000 pixels (100 MB unpacked): refused from the header, saying why.
    const bomb = await uploadLogo(biz.client, "bomb.png", "image/png", claimingSize(png(20), 5000));
    expect([bomb.status, bomb.body.message]).toEqual([400, "The image is too large: at most 4096 x 4096 pixels"]);
    expect((await biz.client.get("/businesses/profile/logo")).body.data.logo_url).toBe(before);
    const file = await s.app.inject({ url: before, headers: { cookie: [...biz.client.cookies].map(([k, v]) => `${k}=${v}`).join("; ") } });
    expect(file.statusCode).toBe(200);
    expect(PNG.sync.read(file.rawPayload).width).toBe(20);
  });

  test("an SVG's rendering that does not decode is refused", async () => {
    const biz = await business();
    const boundary = "----svgraster";
    const part = (name: string, type: string, content: Buffer) =>
      Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`),
        content,
        Buffer.from("\r\n"),
      ]);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
    const payload = Buffer.concat([part("logo", "image/svg+xml", svg), part("logo_raster", "image/png", junkPng()), Buffer.from(`--${boundary}--\r\n`)]);
    const res = await biz.client.request("PATCH", "/businesses/profile/logo", payload, { "content-type": `multipart/form-data; boundary=${boundary}` });
    expect(res.status).toBe(400);
    expect((await biz.client.get("/businesses/profile/logo/file")).status).toBe(404);
  });

  test("a broken logo already stored costs the PDF its picture, not the PDF", async () => {
    const biz = await business();
    const inv = await issued(biz);
    // As a logo stored before uploads were decoded would be: written straight to the database.
    await s.app.services.ctx.db
      .update(invoiceSettings)
      .set({ logo: junkPng(), logoContentType: "image/png", logoRaster: null, logoUpdatedAt: new Date() })
      .where(eq(invoiceSettings.businessId, biz.id));
    const pub = await s.app.inject({ url: `/api/public/invoicing/invoices/${inv.reference}/download` });
    expect(pub.statusCode).toBe(200);
    const text = pub.rawPayload.toString("latin1");
    expect(text.startsWith("%PDF-")).toBe(true);
    expect(text).not.toContain("/Subtype /Image");
    expect(pdfText(pub.rawPayload)).toContain(`Invoice Number: ${inv.number}`);
    const member = await biz.client.get(`/invoicing/invoices/${inv.id}/download`);
    expect(member.status).toBe(200);
    expect(String(member.body).startsWith("%PDF-")).toBe(true);
    // The same with a broken rendering next to an SVG logo.
    await s.app.services.ctx.db
      .update(invoiceSettings)
      .set({ logo: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), logoContentType: "image/svg+xml", logoRaster: junkPng() })
      .where(eq(invoiceSettings.businessId, biz.id));
    expect((await s.app.inject({ url: `/api/public/invoicing/invoices/${inv.reference}/download` })).statusCode).toBe(200);
  });
});

describe("invoices", () => {
  test("a draft's totals are the shared computation, stored and returned in minor units", async () => {
    const inv = await created(a);
    const expected = invoiceTotals({
      items: [
        { quantity: 1, unit_price: "50000", discount: { type: "fixed", fixed_amount: "5000" } },
        { quantity: 2, unit_price: "60000", tax: { method: "percentage", percentage_rate: "7.5", type: "STANDARD", behaviour: "exclusive" } },
      ],
      discount: { type: "percentage", percentage_rate: "5" },
      shipping_amount: "2500",
    });
    // 450.00 + (2 x 600.00 + 7.5% = 1,290.00) = 1,740.00; 5% off = 87.00; + 25.00 shipping = 1,678.00.
    expect(inv.totals.total_amount_payable).toBe(expected.total_amount_payable.toString());
    expect(inv.totals).toMatchObject({
      line_items_sub_total_after_discounts: "165000",
      total_line_items_discount_amount: "5000",
      line_items_tax_amount: "9000",
      invoice_level_discount_amount: "8700",
      total_amount_payable: "167800",
      total_amount_paid: "0",
      total_amount_pending: "167800",
    });
    expect(inv).toMatchObject({
      state: "DRAFT",
      number: null,
      public_url: null,
      total_line_items: 2,
      billing_information: { email: "finance@sahel.example", address: { country: "NG" } },
    });
    expect(inv.items[1]).toMatchObject({ total_amount: "129000", tax_amount: "9000" });
  });

  test("bad input is refused with a message and writes nothing", async () => {
    const count = async () => (await a.client.get("/invoicing/invoices?limit=100")).body.data.total_items;
    const before = await count();
    const bad = async (over: Record<string, unknown>, message: string, status = 400) => {
      const res = await a.client.post("/invoicing/invoices", invoiceInput(a, over));
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      expect(res.body.message).toBe(message);
    };
    await bad({ items: [] }, "Add at least one item");
    await bad({ items: [{ name: "", quantity: 1, unit_price: "100" }] }, "Item name is required");
    await bad({ items: [{ name: "x", quantity: 0, unit_price: "100" }] }, "Quantity must be at least 1");
    await bad({ items: [{ name: "x", quantity: 1.5, unit_price: "100" }] }, "Quantity must be a whole number");
    await bad({ items: [{ name: "x", quantity: 1, unit_price: "-100" }] }, "Unit price must be a whole number of minor units (e.g. 1050 for 10.50)");
    await bad({ items: [{ name: "x", quantity: 1, unit_price: 10.5 }] }, "Unit price must be a whole number of minor units (e.g. 1050 for 10.50)");
    await bad(
      { items: [{ name: "x", quantity: 1, unit_price: "100", discount: { type: "percentage", percentage_rate: "101" } }] },
      "Discount rate must be a percentage between 0 and 100 with at most 2 decimals",
    );
    await bad(
      { items: [{ name: "x", quantity: 1, unit_price: "100", tax: { method: "percentage", percentage_rate: "5", type: "EXEMPT", behaviour: "exclusive" } }] },
      "Exemption reason is required",
    );
    await bad(
      { items: [{ name: "x", quantity: 1, unit_price: "100", discount: { type: "fixed", fixed_amount: "101" } }] },
      "Discount cannot exceed the item amount",
    );
    // A free line is fine, a free invoice is not (shipping alone would be payable).
    await bad({ items: [{ name: "x", quantity: 1, unit_price: "0" }], discount: null, shipping_amount: "0" }, "The invoice total must be greater than zero");
    await bad({ due_date: "2026-02-30" }, "Due date must be a date (YYYY-MM-DD)");
    await bad({ currency: "XYZ" }, "Currency is required");
    await bad({ billing_information: { name: "x", email: "nope" } }, "Customer email is invalid");
    await bad({ account_id: a.eur }, "The receiving account must hold USD");
    await bad({ account_id: b.usd.id }, "Receiving account not found");
    await bad({ customer_id: crypto.randomUUID() }, "Customer not found");
    await bad({ items: [{ product_id: crypto.randomUUID(), name: "x", quantity: 1, unit_price: "100" }] }, "Product not found");
    await bad({ notes: "<script>".repeat(500) }, "Notes must be at most 2000 characters");
    expect((await a.client.request("POST", "/invoicing/invoices", "not json", { "content-type": "application/json" })).status).toBe(400);
    expect(await count()).toBe(before);
  });

  test("a due date before the issue day is refused at issue", async () => {
    const inv = await created(a, { due_date: day(-1) });
    const res = await a.client.post(`/invoicing/invoices/${inv.id}/issue`);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Due date cannot be before the issue date");
  });

  test("drafts can be edited, issued invoices cannot", async () => {
    const inv = await created(a);
    const edited = await a.client.put(
      `/invoicing/invoices/${inv.id}`,
      invoiceInput(a, { items: [{ name: "Only line", quantity: 3, unit_price: "1000" }], discount: null, shipping_amount: 0 }),
    );
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data.totals.total_amount_payable).toBe("3000");
    await a.client.post(`/invoicing/invoices/${inv.id}/issue`);
    const again = await a.client.put(`/invoicing/invoices/${inv.id}`, invoiceInput(a));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("Only draft invoices can be edited");
  });

  test("sending emails the recipient the public link (and issues a draft)", async () => {
    const inv = await created(a);
    const res = await a.client.post(`/invoicing/invoices/${inv.id}/send`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Invoice sent to finance@sahel.example");
    expect(res.body.data.state).toBe("OPEN");
    const mail = await lastMail(s.app, "finance@sahel.example");
    expect(mail?.subject).toBe(`Invoice ${res.body.data.number} from ${(await a.client.get("/session")).body.data.business.name}`);
    expect(mail?.links[0]).toBe(res.body.data.public_url);
    expect(res.body.data.public_url).toMatch(new RegExp(`/public/apps/invoices/${res.body.data.reference}$`));
  });

  test("deposits naming the number pay it, partly then fully; other deposits do not", async () => {
    const inv = await issued(a);
    const due = BigInt(inv.totals.total_amount_payable);
    // A deposit with another reference, or to another business's account, leaves it alone.
    expect((await deposit(a, 100n, "something else")).status).toBe(201);
    expect((await deposit(b, 100n, inv.number)).status).toBe(201);
    const k = key();
    expect((await deposit(a, due - 1000n, ` ${inv.number.toLowerCase()} `, k)).status).toBe(201);
    // The same deposit replayed (same Idempotency-Key) pays nothing more.
    expect((await deposit(a, due - 1000n, ` ${inv.number.toLowerCase()} `, k)).headers["idempotent-replayed"]).toBe("true");
    let now = (await a.client.get(`/invoicing/invoices/${inv.id}`)).body.data;
    expect(now).toMatchObject({ state: "OPEN", is_partially_paid: true, totals: { total_amount_paid: String(due - 1000n), total_amount_pending: "1000" } });
    expect(now.payments).toHaveLength(1);
    expect((await a.client.get("/invoicing/invoices?state=PARTIALLY_PAID&limit=100")).body.data.items.map((i: { id: string }) => i.id)).toContain(inv.id);
    // A voided invoice must have no payments.
    expect((await a.client.post(`/invoicing/invoices/${inv.id}/void`)).body).toEqual({ message: "An invoice with payments cannot be voided", errors: [] });
    await deposit(a, 1000n, inv.number);
    now = (await a.client.get(`/invoicing/invoices/${inv.id}`)).body.data;
    expect(now).toMatchObject({ state: "PAID", is_partially_paid: false, totals: { total_amount_paid: String(due), total_amount_pending: "0" } });
    expect(now.timestamps.paid_at).toBeTruthy();
    // A deposit after it is paid is an ordinary deposit.
    await deposit(a, 500n, inv.number);
    expect((await a.client.get(`/invoicing/invoices/${inv.id}`)).body.data.totals.total_amount_paid).toBe(String(due));
  });

  test("voiding: drafts and unpaid open invoices only", async () => {
    const inv = await issued(a);
    const res = await a.client.post(`/invoicing/invoices/${inv.id}/void`);
    expect(res.body).toMatchObject({ message: "Invoice voided", data: { state: "VOID" } });
    expect((await a.client.post(`/invoicing/invoices/${inv.id}/void`)).body.message).toBe("A void invoice cannot be voided");
    expect((await a.client.post(`/invoicing/invoices/${inv.id}/send`)).status).toBe(409);
  });

  test("the list filters by state, overdue and keyword", async () => {
    const draft = await created(a, { billing_information: { name: "Zebra Unique Co", email: "z@z.example" } });
    const ids = async (q: string) => (await a.client.get(`/invoicing/invoices?limit=100&${q}`)).body.data.items.map((i: { id: string }) => i.id);
    expect(await ids("state=DRAFT")).toContain(draft.id);
    expect(await ids("state=OPEN")).not.toContain(draft.id);
    expect(await ids("keyword=zebra unique")).toEqual([draft.id]);
    expect((await a.client.get("/invoicing/invoices?state=LATE")).status).toBe(400);
    // Overdue: an open invoice whose due date has passed (backdated through the service, as the demo seed does).
    const { id } = await s.app.services.invoices.create(
      a.id,
      null,
      (await import("../../resources/invoices.ts")).InvoiceInput.parse(invoiceInput(a, { due_date: day(-3) })),
      { issue: true, at: new Date(Date.now() - 10 * 86_400_000) },
    );
    expect(await ids("state=OVERDUE")).toContain(id);
    expect((await a.client.get(`/invoicing/invoices/${id}`)).body.data.is_overdue).toBe(true);
  });

  test("members download the PDF; another business gets 404 for every invoice call", async () => {
    const inv = await issued(a);
    const pdf = await a.client.get(`/invoicing/invoices/${inv.id}/download`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(String(pdf.body).startsWith("%PDF-")).toBe(true);
    for (const [method, path] of [
      ["GET", ""],
      ["PUT", ""],
      ["POST", "/issue"],
      ["POST", "/send"],
      ["POST", "/void"],
      ["GET", "/download"],
    ] as const) {
      const res = await b.client.request(method, `/invoicing/invoices/${inv.id}${path}`, method === "GET" ? undefined : invoiceInput(b));
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    expect((await b.client.get("/invoicing/invoices?limit=100")).body.data.items.map((i: { id: string }) => i.id)).not.toContain(inv.id);
  });
});

describe("products", () => {
  test("create, list, update, delete; priced in minor units; scoped to the business", async () => {
    const res = await a.client.post("/invoicing/products", { name: "Consulting hour", currency: "USD", unit_price: "15000" });
    expect(res.status).toBe(201);
    const p = res.body.data;
    expect(p).toMatchObject({ name: "Consulting hour", unit_price: "15000", currency: "USD", description: "" });
    expect((await a.client.put(`/invoicing/products/${p.id}`, { name: "Consulting hour", currency: "USD", unit_price: "17500" })).body.data.unit_price).toBe(
      "17500",
    );
    expect((await b.client.get(`/invoicing/products/${p.id}`)).status).toBe(404);
    expect((await a.client.post("/invoicing/products", { name: "", currency: "USD", unit_price: "1" })).body.message).toBe("Name is required");
    expect((await a.client.post("/invoicing/products", { name: "x", currency: "USD", unit_price: "1.5" })).status).toBe(400);
    // An invoice line from a product in another currency is refused.
    const eur = (await a.client.post("/invoicing/products", { name: "Euro thing", currency: "EUR", unit_price: "100" })).body.data;
    const bad = await a.client.post(
      "/invoicing/invoices",
      invoiceInput(a, { items: [{ product_id: eur.id, name: "Euro thing", quantity: 1, unit_price: "100" }] }),
    );
    expect(bad.body.message).toBe("Euro thing is priced in EUR");
    expect((await a.client.delete(`/invoicing/products/${p.id}`)).body.message).toBe("Product deleted successfully");
    expect((await a.client.get("/invoicing/products?keyword=consulting")).body.data.items).toEqual([]);
  });
});

describe("the public invoice", () => {
  test("reaches exactly that invoice, shows nothing internal, and never a draft", async () => {
    const inv = await issued(a);
    const anon = new Client(s.app);
    const res = await anon.get(`/public/invoicing/invoices/${inv.reference}`);
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data).toMatchObject({ number: inv.number, state: "OPEN", totals: inv.totals, total_line_items: 2 });
    for (const secret of ["id", "account_id", "customer_id", "payments", "public_url", "created_date"]) expect(data, secret).not.toHaveProperty(secret);
    expect(JSON.stringify(data)).not.toContain(a.id);
    expect(data.payment_instructions.lines).toContainEqual({ label: "Reference", value: inv.number });
    expect(data.business_information.logo).toMatch(new RegExp(`^/api/public/invoicing/invoices/${inv.reference}/logo`));
    expect(inv.reference).toMatch(/^[A-Za-z0-9_-]{24}$/);

    const draft = await created(a);
    expect((await anon.get(`/public/invoicing/invoices/${draft.reference}`)).body).toEqual({ message: "Invoice not found", errors: [] });
    for (const ref of [
      "nope",
      "A".repeat(24),
      "../../invoicing/invoices",
      inv.reference.toLowerCase() === inv.reference ? "x".repeat(24) : inv.reference.toLowerCase(),
    ]) {
      expect((await anon.get(`/public/invoicing/invoices/${encodeURIComponent(ref)}`)).status, ref).toBe(404);
    }
  });

  test("the PDF and logo download without signing in", async () => {
    const inv = await issued(a);
    const pdf = await s.app.inject({ url: `/api/public/invoicing/invoices/${inv.reference}/download` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-disposition"]).toContain(`${inv.number}.pdf`);
    const text = pdf.rawPayload.toString("latin1");
    expect(text.startsWith("%PDF-1.7")).toBe(true);
    expect(text).toContain("/Subtype /Image"); // the logo, drawn
    expect(pdfText(pdf.rawPayload)).toContain(`Invoice Number: ${inv.number}`);
    const logo = await s.app.inject({ url: `/api/public/invoicing/invoices/${inv.reference}/logo` });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers["content-type"]).toBe("image/png");
  });

  test("the PDF prints any script and the currency signs from its embedded font, is tagged, and right-aligns its amounts", async () => {
    const customer = "Zoë Müller — Łódź";
    const inv = await issued(a, {
      billing_information: {
        name: customer,
        email: "zoe@lodz.example",
        address: { line_1: "ul. Piotrkowska 1", city: "Łódź", state_province: "Łódzkie", postal_code: "90-001", country: "pl" },
      },
      items: [
        { name: "Καφές and чай (€, ₦, £)", quantity: 3, unit_price: "123456" },
        { name: "Licence", quantity: 2, unit_price: "60000", tax: { method: "percentage", percentage_rate: 7.5, behaviour: "exclusive" } },
      ],
      discount: null,
      shipping_amount: 0,
    });
    const pdf = (await s.app.inject({ url: `/api/public/invoicing/invoices/${inv.reference}/download` })).rawPayload;
    expectAccessiblePdf(pdf, `Invoice ${inv.number}`);
    const text = pdfText(pdf);
    for (const want of [
      customer,
      "ul. Piotrkowska 1",
      "Łódź, Łódzkie, 90-001",
      "Poland",
      "Καφές and чай (€, ₦, £)",
      `Invoice Number: ${inv.number}`,
      "Page 1 of 1",
    ]) {
      expect(text).toContain(want);
    }
    expect(text).toMatch(/Καφές and чай \(€, ₦, £\)\s+3\s+1,234\.56\s+-\s+3,703\.68\n/);
    expect(text).toMatch(/Licence\s+2\s+600\.00\s+-\s+1,290\.00\n\s+Tax 7\.5% exclusive: 90\.00\n/);
    // The amounts end where their column's header does.
    const words = pdfWords(pdf);
    const ends = ["3,703.68", "1,290.00", "4,993.68", "(USD)"].map((t) => Math.round(words.find((w) => w.text === t)!.xMax * 10) / 10);
    expect(new Set(ends).size, String(ends)).toBe(1);
  });

  test("'I've made the payment' tells the business once per quiet window; refused when paid or void", async () => {
    const inv = await issued(a);
    // The owner hears about invoice payments (members opt in, SPEC §3 Notification settings).
    await a.client.patch("/settings/user-notifications", {
      inbound_outbound_transfers: false,
      fx_conversions: false,
      invoice_payments: true,
      account_updates: false,
    });
    const anon = new Client(s.app);
    expect((await anon.post(`/public/invoicing/invoices/${inv.reference}/payment-notification`)).body).toEqual({ message: "Notification sent", data: null });
    const mail = await lastMail(s.app, a.email);
    expect(mail?.subject).toBe(`Sahel Foods Ltd says invoice ${inv.number} is paid`);
    const mails = async () => (await new Client(s.app).get(`/sandbox/mailbox?to=${encodeURIComponent(a.email)}`)).body.data.length;
    const before = await mails();
    expect((await anon.post(`/public/invoicing/invoices/${inv.reference}/payment-notification`)).status).toBe(200);
    expect(await mails()).toBe(before);

    // A visitor signed in to the console (another business) is treated like anyone: no CSRF token needed, nothing of theirs used.
    expect((await b.client.request("POST", `/public/invoicing/invoices/${inv.reference}/payment-notification`, {}, { "x-csrf-token": "" })).status).toBe(200);

    await deposit(a, BigInt(inv.totals.total_amount_payable), inv.number);
    expect((await lastMail(s.app, a.email))?.subject).toBe(`Invoice ${inv.number} has been paid`);
    expect((await anon.post(`/public/invoicing/invoices/${inv.reference}/payment-notification`)).body).toEqual({
      message: "This invoice has already been paid",
      errors: [],
    });
    const voided = await issued(a);
    await a.client.post(`/invoicing/invoices/${voided.id}/void`);
    expect((await anon.post(`/public/invoicing/invoices/${voided.reference}/payment-notification`)).body).toEqual({
      message: "This invoice is no longer accepting payments.",
      errors: [],
    });
    expect((await anon.get(`/public/invoicing/invoices/${voided.reference}`)).body.data).toMatchObject({ state: "VOID", payment_instructions: null });
  });

  test("payment notices are capped per recipient across invoices: past 10 an hour no more email, the same answer, the notice still on the invoice", async () => {
    // A holder of many invoice links must not be able to flood the business's inbox (issue 25 item 9).
    const biz = await business();
    await biz.client.patch("/settings/user-notifications", {
      inbound_outbound_transfers: false,
      fx_conversions: false,
      invoice_payments: true,
      account_updates: false,
    });
    const invoices = [];
    for (let i = 0; i < 12; i++) invoices.push(await issued(biz));
    const anon = new Client(s.app);
    const answers = await Promise.all(invoices.map((inv) => anon.post(`/public/invoicing/invoices/${inv.reference}/payment-notification`)));
    for (const res of answers) expect([res.status, res.body]).toEqual([200, { message: "Notification sent", data: null }]);
    const mailbox = (await new Client(s.app).get(`/sandbox/mailbox?to=${encodeURIComponent(biz.email)}`)).body.data as { subject: string }[];
    expect(mailbox.filter((m) => / says invoice .+ is paid$/.test(m.subject))).toHaveLength(10);
    for (const inv of invoices) expect((await biz.client.get(`/invoicing/invoices/${inv.id}`)).body.data.timestamps.payment_notified_at).not.toBeNull();
  });
});

describe("who may do what", () => {
  test("signed out: 401; without the invoicing feature: 403; the public page needs neither", async () => {
    const anon = new Client(s.app);
    expect((await anon.get("/invoicing/invoices")).status).toBe(401);
    expect((await anon.get("/invoicing/settings")).status).toBe(401);
    const biz = await business();
    const inv = await issued(biz);
    await s.app.services.businessAdmin.setFeatures(biz.id, ["fiat"]);
    try {
      for (const path of ["/invoicing/invoices", "/invoicing/products", "/invoicing/settings", "/businesses/profile/logo"]) {
        const res = await biz.client.get(path);
        expect(res.status, path).toBe(403);
        expect(res.body.message).toBe("This feature is not enabled for your business");
      }
      expect((await anon.get(`/public/invoicing/invoices/${inv.reference}`)).status).toBe(200);
    } finally {
      await s.app.services.businessAdmin.setFeatures(biz.id, ["fiat", "invoicing"]);
    }
  });

  test("a member without invoices_write reads but cannot write", async () => {
    const viewerEmail = `viewer.${Date.now()}@example.com`;
    const businessUser = (await a.client.get("/session")).body.data;
    const { token } = await s.app.services.team.invite(a.id, businessUser.user.id, { email: viewerEmail, position: "Analyst", role: ["VIEWER"] });
    await s.app.services.auth.acceptInvitation({
      token: token!,
      user_info: { first_name: "Vi", last_name: "Ewer", password: "Str0ng-Passw0rd!", phone: "+2348012345679" },
    });
    const viewer = new Client(s.app);
    expect((await viewer.post("/onboarding/login", { email: viewerEmail, password: "Str0ng-Passw0rd!" })).status).toBe(200);
    expect((await viewer.get("/invoicing/invoices")).status).toBe(200);
    expect((await viewer.get("/invoicing/settings")).status).toBe(200);
    const inv = (await a.client.get("/invoicing/invoices?state=DRAFT")).body.data.items[0];
    for (const [method, path, body] of [
      ["POST", "/invoicing/invoices", invoiceInput(a)],
      ["PUT", `/invoicing/invoices/${inv.id}`, invoiceInput(a)],
      ["POST", `/invoicing/invoices/${inv.id}/issue`, {}],
      ["POST", `/invoicing/invoices/${inv.id}/void`, {}],
      ["POST", "/invoicing/products", { name: "x", currency: "USD", unit_price: "1" }],
      ["PATCH", "/invoicing/settings", { include_logo_in_header: false }],
    ] as const) {
      expect((await viewer.request(method, path, body)).status, `${method} ${path}`).toBe(403);
    }
    expect((await uploadLogo(viewer, "l.png", "image/png", png(10))).status).toBe(403);
  });
});

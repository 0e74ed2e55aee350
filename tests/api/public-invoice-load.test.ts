/**
 * Issue 25 item 4, anonymous requests cannot stall the server: a logo is decoded, shrunk to the
 * SPEC's 280 px and re-encoded as PNG once, at upload, so a public PDF download never decodes a large
 * picture; one version of an invoice's PDF is rendered once however many download it at the same
 * time; a picture that would unpack past the pixel limit is refused at upload; the public endpoints
 * have their own per-address limit. Pictures are read back with pngjs, not with the server's code.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { PNG } from "pngjs";
import sharp from "sharp";
import { eq } from "drizzle-orm";
import { Client, multipart, signedUpClient, startServer, type TestServer } from "../helpers/api.ts";
import { pdfText } from "../helpers/pdf.ts";
import { identifierOf } from "../../src/server/providers/rails/provider.ts";
import { invoiceSettings } from "../../src/server/db/schema/index.ts";
import { todayUtc } from "../../src/lib/dates.ts";

/** Low enough to reach in a test; every test but the limit's own downloads from its own address. */
const PUBLIC_LIMIT = 20;
let s: TestServer;
type Biz = { client: Client; id: string; usd: { id: string; identifier: string } };

beforeAll(async () => {
  s = await startServer({ publicRateLimitPerMinute: PUBLIC_LIMIT });
});
afterAll(() => s.close());

async function business(): Promise<Biz> {
  const { client } = await signedUpClient(s.app);
  const id = (await client.get("/session")).body.data.business.id as string;
  await s.app.services.ctx.db.transaction((tx) => s.app.services.accounts.open(tx, id, "USD", { holderName: "Acme" }));
  const usd = (
    (await client.get("/accounts/corporate?limit=100")).body.data.items as {
      id: string;
      currency: string;
      deposit_addresses: { type: string; data: Record<string, string> }[];
    }[]
  ).find((x) => x.currency === "USD")!;
  return { client, id, usd: { id: usd.id, identifier: identifierOf(usd.deposit_addresses[0]) } };
}

async function issued(biz: Biz) {
  const due = todayUtc(new Date(Date.now() + 30 * 86_400_000));
  const draft = await biz.client.post("/invoicing/invoices", {
    billing_information: {
      name: "Sahel Foods Ltd",
      email: "finance@sahel.example",
      address: { line_1: "7 Broad Street", city: "Lagos", state_province: "Lagos", postal_code: "", country: "NG" },
    },
    currency: "USD",
    account_id: biz.usd.id,
    due_date: due,
    items: [{ name: "Licence", quantity: 2, unit_price: "60000" }],
  });
  expect(draft.status, JSON.stringify(draft.body)).toBe(201);
  const res = await biz.client.post(`/invoicing/invoices/${draft.body.data.id}/issue`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { id: string; reference: string; number: string };
}

const upload = (c: Client, fileName: string, type: string, content: Buffer) => {
  const form = multipart([{ name: "logo", fileName, type, content }]);
  return c.request("PATCH", "/businesses/profile/logo", form.payload, form.headers);
};

/** An anonymous request from one address, as a visitor of the public page sends it. */
const anonymous = (ip: string, url: string) => s.app.inject({ url: `/api${url}`, remoteAddress: ip });
const pdfOf = (ip: string, reference: string) => anonymous(ip, `/public/invoicing/invoices/${reference}/download`);

/** A square picture, red on the left half and blue on the right, as a PNG (or JPEG) of `side` pixels. */
const halves = (side: number) =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}"><rect width="${side / 2}" height="${side}" fill="#d00000"/><rect x="${side / 2}" width="${side / 2}" height="${side}" fill="#0000d0"/></svg>`,
    ),
  );

/** The sizes of the images a PDF embeds (its image XObjects' /Width and /Height; a transparency mask has its picture's size). */
const pdfImageSizes = (pdf: Buffer) => [
  ...new Set(
    [...pdf.toString("latin1").matchAll(/<<((?:(?!>>)[\s\S])*\/Subtype \/Image(?:(?!>>)[\s\S])*)>>/g)].map((m) => {
      const key = (name: string) => new RegExp(`/${name} (\\d+)`).exec(m[1])?.[1];
      return `${key("Width")}x${key("Height")}`;
    }),
  ),
];

/** The member's own logo file, as its bytes. */
const logoFile = (biz: Biz) =>
  s.app.inject({ url: "/api/businesses/profile/logo/file", headers: { cookie: [...biz.client.cookies].map(([k, v]) => `${k}=${v}`).join("; ") } });

describe("a large logo is made small once, at upload", () => {
  let biz: Biz;
  beforeAll(async () => {
    biz = await business();
  });

  test("a 4096 x 4096 PNG is stored as a PNG of 280 x 280, the same picture", async () => {
    const big = await halves(4096).png().toBuffer();
    expect(big.length).toBeLessThan(1024 * 1024);
    const res = await upload(biz.client, "logo.png", "image/png", big);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const stored = await logoFile(biz);
    expect(stored.headers["content-type"]).toBe("image/png");
    const png = PNG.sync.read(stored.rawPayload);
    expect([png.width, png.height]).toEqual([280, 280]);
    // Still the picture: red on the left, blue on the right.
    const at = (x: number, y: number) => [...png.data.subarray((y * png.width + x) * 4, (y * png.width + x) * 4 + 3)];
    expect(at(20, 140)).toEqual([208, 0, 0]);
    expect(at(260, 140)).toEqual([0, 0, 208]);
  });

  test("a JPEG wider than tall keeps its shape inside 280 px and is stored as a PNG", async () => {
    const other = await business();
    const wide = await sharp({ create: { width: 1200, height: 600, channels: 3, background: "#208020" } })
      .jpeg()
      .toBuffer();
    expect((await upload(other.client, "logo.jpg", "image/jpeg", wide)).status).toBe(200);
    const stored = await logoFile(other);
    expect(stored.headers["content-type"]).toBe("image/png");
    const png = PNG.sync.read(stored.rawPayload);
    expect([png.width, png.height]).toEqual([280, 140]);
  });

  test("the public PDF and the public page's logo carry the 280 px picture, not the 4096 px upload", async () => {
    const inv = await issued(biz);
    const pdf = await pdfOf("10.1.0.1", inv.reference);
    expect(pdf.statusCode).toBe(200);
    expect(pdfImageSizes(pdf.rawPayload)).toEqual(["280x280"]);
    const logo = await anonymous("10.1.0.1", `/public/invoicing/invoices/${inv.reference}/logo`);
    expect(logo.statusCode).toBe(200);
    expect(PNG.sync.read(logo.rawPayload).width).toBe(280);
  });

  test("a large logo stored before uploads were made small is drawn at 280 px too", async () => {
    const old = await business();
    const inv = await issued(old);
    // As an earlier upload left it: the file as sent, straight into the database.
    await s.app.services.ctx.db
      .update(invoiceSettings)
      .set({ logo: await halves(4096).png().toBuffer(), logoContentType: "image/png", logoRaster: null, logoUpdatedAt: new Date() })
      .where(eq(invoiceSettings.businessId, old.id));
    const pdf = await pdfOf("10.1.0.2", inv.reference);
    expect(pdf.statusCode).toBe(200);
    expect(pdfImageSizes(pdf.rawPayload)).toEqual(["280x280"]);
  });
});

describe("an SVG logo is drawn from a PNG the server made at upload", () => {
  test("an SVG without a rendering of its own is in the PDF as a 280 px picture; the page still gets the SVG", async () => {
    const biz = await business();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10"><rect width="20" height="10" fill="#0000d0"/></svg>');
    expect((await upload(biz.client, "logo.svg", "image/svg+xml", svg)).status).toBe(200);
    const inv = await issued(biz);
    const pdf = await pdfOf("10.2.0.1", inv.reference);
    expect(pdfImageSizes(pdf.rawPayload)).toEqual(["280x140"]);
    const logo = await anonymous("10.2.0.1", `/public/invoicing/invoices/${inv.reference}/logo`);
    expect(logo.headers["content-type"]).toMatch(/^image\/svg\+xml/);
    expect(logo.rawPayload.equals(svg)).toBe(true);
  });

  test("an SVG declaring 100,000 x 100,000 px is drawn at 280 px, not unpacked at its size", async () => {
    const biz = await business();
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="100000" height="100000"><circle cx="50000" cy="50000" r="40000" fill="#d00000"/></svg>',
    );
    const res = await upload(biz.client, "huge.svg", "image/svg+xml", svg);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const inv = await issued(biz);
    expect(pdfImageSizes((await pdfOf("10.2.0.2", inv.reference)).rawPayload)).toEqual(["280x280"]);
  });
});

describe("a picture that would unpack past the pixel limit", () => {
  test("is refused with a 400 that says so, for PNG and JPEG, and the logo stays", async () => {
    const biz = await business();
    expect((await upload(biz.client, "logo.png", "image/png", await halves(40).png().toBuffer())).status).toBe(200);
    const before = (await biz.client.get("/businesses/profile/logo")).body.data.logo_url;
    // 5,000 x 5,000 pixels of one colour: under 100 KB as a file, 100 MB once unpacked.
    const flat = sharp({ create: { width: 5000, height: 5000, channels: 4, background: "#ffffff" } });
    for (const [name, type, content] of [
      ["bomb.png", "image/png", await flat.clone().png().toBuffer()],
      ["bomb.jpg", "image/jpeg", await flat.clone().jpeg().toBuffer()],
    ] as const) {
      expect(content.length, name).toBeLessThan(1024 * 1024);
      const res = await upload(biz.client, name, type, content);
      expect(res.status, name).toBe(400);
      expect(res.body.message, name).toBe("The image is too large: at most 4096 x 4096 pixels");
      expect(res.body.errors, name).toEqual([{ path: "logo", message: "The image is too large: at most 4096 x 4096 pixels" }]);
    }
    expect((await biz.client.get("/businesses/profile/logo")).body.data.logo_url).toBe(before);
  });
});

describe("one version of an invoice's PDF is rendered once", () => {
  test("concurrent downloads share one rendering; a payment makes a new version, rendered again", async () => {
    const biz = await business();
    expect((await upload(biz.client, "logo.png", "image/png", await halves(4096).png().toBuffer())).status).toBe(200);
    const inv = await issued(biz);
    const renders = () => s.app.services.invoices.pdfRenderCount();
    const before = renders();
    const first = await Promise.all(Array.from({ length: 8 }, () => pdfOf("10.3.0.1", inv.reference)));
    expect(first.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(new Set(first.map((r) => r.rawPayload.toString("base64"))).size).toBe(1);
    expect(renders() - before).toBe(1);
    expect((await pdfOf("10.3.0.1", inv.reference)).rawPayload.equals(first[0].rawPayload)).toBe(true);
    expect(renders() - before).toBe(1);
    expect(pdfText(first[0].rawPayload)).not.toContain("Paid");

    // A deposit naming the invoice pays part of it: the next download is the new version.
    const paid = await new Client(s.app).post(
      "/sandbox/deposits",
      { identifier: biz.usd.identifier, currency: "USD", amount: "50000", sender_name: "Sahel Foods Ltd", reference: inv.number },
      { "idempotency-key": `test-${crypto.randomUUID()}` },
    );
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    const after = await pdfOf("10.3.0.1", inv.reference);
    expect(pdfText(after.rawPayload)).toMatch(/Paid\s+500\.00/);
    expect(renders() - before).toBe(2);
  });
});

describe("the public endpoints' own per-address limit", () => {
  test(`past ${PUBLIC_LIMIT} requests a minute from one address: 429 with a message and Retry-After; another address is still served`, async () => {
    const biz = await business();
    const inv = await issued(biz);
    const paths = [`/public/invoicing/invoices/${inv.reference}`, `/public/invoicing/invoices/${inv.reference}/download`];
    // The page and its PDF count against one allowance.
    for (let i = 0; i < PUBLIC_LIMIT; i++) expect((await anonymous("10.4.0.1", paths[i % 2])).statusCode, `request ${i + 1}`).toBe(200);
    const refused = await anonymous("10.4.0.1", paths[1]);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: expect.stringMatching(/^Too many requests/), errors: [] });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect((await anonymous("10.4.0.1", paths[0])).statusCode).toBe(429);
    // Another visitor is not affected, nor the rest of the API from the same address.
    expect((await anonymous("10.4.0.2", paths[0])).statusCode).toBe(200);
    expect((await anonymous("10.4.0.1", "/health")).statusCode).toBe(200);
  });
});

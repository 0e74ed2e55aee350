/**
 * Sending money through HTTP: payment quotes (same and cross currency, exact bigint arithmetic),
 * sending at a quote's exact amounts (used, mismatched, expired quotes), supporting documents, and
 * the one-time code a member with two-factor authentication must present.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { type Client, lastMail, logInDemo, setTwoFactor, startServer, type TestServer } from "../helpers/api.ts";
import { seedDemo } from "../../src/server/seed/demo.ts";
import { answeringAtOnce, runPaymentProcessing } from "../../src/server/jobs/payments.ts";
import { checkLedger } from "../../src/server/ledger/check.ts";
import { quotes } from "../../src/server/db/schema/index.ts";

let s: TestServer;
const as: Record<string, Client> = {};
let usd: string, ngn: string;
let harbor: string, rhein: string, thames: string;
const key = () => `send-${crypto.randomUUID()}`;
const settle = () => runPaymentProcessing(s.app.services.ctx.db, answeringAtOnce(s.app.services.providers));
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const logIn = (who: string) => logInDemo(s.app, who);

beforeAll(async () => {
  s = await startServer();
  await seedDemo(s.app.services);
  for (const who of ["owner", "admin", "approver", "viewer"]) as[who] = await logIn(who);
  const accounts = (await as.admin.get("/accounts/corporate?limit=100")).body.data.items as { id: string; currency: string }[];
  usd = accounts.find((a) => a.currency === "USD")!.id;
  ngn = accounts.find((a) => a.currency === "NGN")!.id;
  const bens = (await as.admin.get("/v1/beneficiaries?limit=100&type=FIAT")).body.data.items as { id: string; name: string }[];
  const ben = (name: string) => bens.find((b) => b.name === name)!.id;
  harbor = ben("Harbor Freight Forwarding LLC");
  rhein = ben("Rhein Maschinenbau GmbH");
  thames = ben("Thames Design Studio");
});
afterAll(() => s.close());

const available = async (id: string) => BigInt((await as.admin.get(`/accounts/${id}`)).body.data.balance.available);
const pay = (body: Record<string, unknown>, k = key(), who = "admin", headers: Record<string, string> = {}) =>
  as[who].post("/payments", body, { "idempotency-key": k, ...headers });
const quote = (body: Record<string, unknown>, who = "admin") => as[who].post("/quotes/payment", body);
/** How many bank transfers the business has, and the newest one: unchanged when nothing was written. */
const transfers = async () => {
  const res = (await as.admin.get("/payments?type=TRANSFER&limit=1")).body.data;
  return { total: res.total_items as number, newest: res.items[0]?.id as string | undefined };
};
const requestFor = async (transactionId: string) =>
  (await as.approver.get("/approval-requests?state=PENDING&limit=100")).body.data.items.find((r: { entity_id: string }) => r.entity_id === transactionId);

/** Exact decimal arithmetic on rate strings, as a client would check a quote. */
function parseRate(rate: string) {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(rate);
  if (!m) throw new Error(`not a decimal: ${rate}`);
  return { num: BigInt(m[1] + (m[2] ?? "")), scale: m[2]?.length ?? 0 };
}
function decimal(num: bigint, scale: number) {
  const digits = num.toString().padStart(scale + 1, "0");
  const frac = digits.slice(digits.length - scale).replace(/0+$/, "");
  const int = digits.slice(0, digits.length - scale);
  return frac ? `${int}.${frac}` : int;
}
const pow10 = (n: number) => 10n ** BigInt(n);
const abs = (v: bigint) => (v < 0n ? -v : v);

describe("payment quotes", () => {
  test("same currency: rate 1, the beneficiary receives the amount, the rail's fee, valid for a minute; nothing is held", async () => {
    const before = await available(usd);
    const res = await quote({ source_account_id: usd, beneficiary_id: harbor, amount: "10000" });
    expect([res.status, res.body.message]).toEqual([200, "Quote"]);
    const q = res.body.data;
    expect(q.id).toMatch(UUID);
    expect(q).toMatchObject({
      sending_amount: { amount: "10000", currency: "USD" },
      destination_amount: { amount: "10000", currency: "USD" },
      total_fees: { amount: "1500", currency: "USD" },
      exchange_rate: "1",
      fx_rate: "1",
    });
    const ttl = Date.parse(q.expires_at) - Date.now();
    expect(ttl).toBeGreaterThan(30_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
    expect(await available(usd)).toBe(before);
  });

  test("cross currency: the mid less 50 bps, the destination truncated to the cent, the SEPA fee converted to USD at the mid", async () => {
    for (const amount of ["123457", "2", "99999", "250000"]) {
      const res = await quote({ source_account_id: usd, beneficiary_id: rhein, amount });
      expect(res.status).toBe(200);
      const q = res.body.data;
      expect(q.sending_amount).toEqual({ amount, currency: "USD" });
      expect(q.destination_amount.currency).toBe("EUR");
      expect(q.total_fees.currency).toBe("USD");
      expect(q.fx_rate).toMatch(/^\d+(\.\d+)?$/);
      expect(q.exchange_rate).not.toBe(q.fx_rate);

      // exchange_rate = fx_rate × (1 − 0.0050), exact.
      const mid = parseRate(q.fx_rate);
      expect(q.exchange_rate).toBe(decimal(mid.num * 9950n, mid.scale + 4));

      // destination = floor(amount × exchange_rate), USD cents -> EUR cents.
      const rate = parseRate(q.exchange_rate);
      expect(BigInt(q.destination_amount.amount)).toBe((BigInt(amount) * rate.num) / pow10(rate.scale));

      // fee = 100 EUR cents at the EUR->USD mid (the inverse of fx_rate), rounded to the cent.
      const exactFee = (100n * pow10(mid.scale) * 2n + mid.num) / (2n * mid.num);
      expect(abs(BigInt(q.total_fees.amount) - exactFee)).toBeLessThanOrEqual(1n);
      expect(BigInt(q.total_fees.amount)).toBeGreaterThan(0n);
    }
  });

  test("bad quote requests are clear 4xx answers", async () => {
    const body = { source_account_id: usd, beneficiary_id: rhein, amount: "1000" };
    const cases: [Record<string, unknown>, number, string][] = [
      [{ ...body, amount: "0" }, 400, "Amount must be greater than zero"],
      [{ ...body, amount: "1" }, 400, "The amount is too small to send"],
      [{ ...body, amount: "12.5" }, 400, "Amount must be a whole number of minor units (e.g. 1050 for 10.50)"],
      [{ ...body, beneficiary_id: crypto.randomUUID() }, 404, "Beneficiary not found"],
      [{ ...body, source_account_id: crypto.randomUUID() }, 404, "Account not found"],
      [{ ...body, beneficiary_id: "nope" }, 400, "Please select a beneficiary"],
    ];
    for (const [b, status, message] of cases) {
      const res = await quote(b);
      expect([res.status, res.body.message]).toEqual([status, message]);
    }
    expect((await quote(body, "viewer")).status).toBe(403);
  });
});

describe("sending across currencies at a quote", () => {
  test("without a quote the payment is refused and nothing is held", async () => {
    const [before, written] = [await available(usd), await transfers()];
    const res = await pay({ source_account_id: usd, beneficiary_id: rhein, amount: "5000" });
    expect([res.status, res.body.message]).toEqual([400, "This beneficiary is paid in EUR: review the quote before sending"]);
    expect(res.body.errors).toEqual([{ path: "quote_id", message: "A quote is required" }]);
    expect(await available(usd)).toBe(before);
    expect(await transfers()).toEqual(written);
  });

  test("the payment carries the quote's exact amounts, holds amount + quoted fee, settles; a quote pays once", async () => {
    const before = await available(usd);
    const q = (await quote({ source_account_id: usd, beneficiary_id: rhein, amount: "123457" })).body.data;
    const res = await pay({ source_account_id: usd, beneficiary_id: rhein, amount: "123457", quote_id: q.id, reference: "PO-77" });
    expect([res.status, res.body.message]).toEqual([201, "Your payment is being processed"]);
    const expected = {
      state: "PENDING_APPROVAL",
      sending_amount: q.sending_amount.amount,
      sending_currency: "USD",
      destination_amount: q.destination_amount.amount,
      destination_currency: "EUR",
      total_fee_amount: q.total_fees.amount,
      total_fee_currency: "USD",
      fx_rate: q.exchange_rate,
      billing_amount: (123457n + BigInt(q.total_fees.amount)).toString(),
      client_reference: "PO-77",
    };
    expect(res.body.data).toMatchObject(expected);
    expect(await available(usd)).toBe(before - 123457n - BigInt(q.total_fees.amount));

    // The same quote again, under a new key: refused, nothing more held.
    const again = await pay({ source_account_id: usd, beneficiary_id: rhein, amount: "123457", quote_id: q.id });
    expect([again.status, again.body.message]).toEqual([409, "This quote has already been used. Please request a new quote"]);
    expect(await available(usd)).toBe(before - 123457n - BigInt(q.total_fees.amount));

    // Approved and settled at the quoted amounts; the ledger stays balanced.
    const request = await requestFor(res.body.data.id);
    expect(request).toMatchObject({ entity_type: "PAYMENT", amount: { value: "123457", currency: "USD" } });
    expect((await as.approver.patch(`/approval-requests/${request.id}/approve`)).status).toBe(200);
    await settle();
    await settle();
    const done = (await as.admin.get(`/payments/${res.body.data.id}`)).body.data;
    expect(done).toMatchObject({ ...expected, state: "COMPLETED" });
    expect(await available(usd)).toBe(before - 123457n - BigInt(q.total_fees.amount));
    expect(await checkLedger(s.app.services.ctx.db)).toEqual([]);
  });

  test("a quote for another amount, beneficiary or account does not match — and is not used up by the refusal", async () => {
    const before = await available(usd);
    const written = await transfers();
    const q = (await quote({ source_account_id: usd, beneficiary_id: rhein, amount: "5000" })).body.data;
    const gbp = (await quote({ source_account_id: usd, beneficiary_id: thames, amount: "5000" })).body.data;
    const mismatch = "The quote does not match this payment. Please request a new quote";
    const cases: Record<string, unknown>[] = [
      { source_account_id: usd, beneficiary_id: rhein, amount: "5001", quote_id: q.id },
      { source_account_id: usd, beneficiary_id: rhein, amount: "5000", quote_id: gbp.id },
      { source_account_id: ngn, beneficiary_id: rhein, amount: "5000", quote_id: q.id },
    ];
    for (const body of cases) {
      const res = await pay(body);
      expect([res.status, res.body.message]).toEqual([400, mismatch]);
    }
    const unknown = await pay({ source_account_id: usd, beneficiary_id: rhein, amount: "5000", quote_id: crypto.randomUUID() });
    expect([unknown.status, unknown.body.message]).toEqual([400, "Quote not found. Please request a new quote"]);
    expect(await available(usd)).toBe(before);
    expect(await transfers()).toEqual(written);

    // The refused attempts did not consume the quote: the matching payment still goes through at it.
    const res = await pay({ source_account_id: usd, beneficiary_id: rhein, amount: "5000", quote_id: q.id });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ destination_amount: q.destination_amount.amount, total_fee_amount: q.total_fees.amount });
    expect(await available(usd)).toBe(before - 5000n - BigInt(q.total_fees.amount));
  });

  test("an expired quote is a 410 and nothing is held", async () => {
    const q = (await quote({ source_account_id: usd, beneficiary_id: rhein, amount: "7000" })).body.data;
    // Test setup: let the quote run out instead of waiting its minute.
    await s.app.services.ctx.db
      .update(quotes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(quotes.id, q.id));
    const [before, written] = [await available(usd), await transfers()];
    const res = await pay({ source_account_id: usd, beneficiary_id: rhein, amount: "7000", quote_id: q.id });
    expect([res.status, res.body.message]).toEqual([410, "This quote has expired. Please review the new quote"]);
    expect(await available(usd)).toBe(before);
    expect(await transfers()).toEqual(written);

    // A fresh quote for the same payment works.
    const fresh = (await quote({ source_account_id: usd, beneficiary_id: rhein, amount: "7000" })).body.data;
    expect((await pay({ source_account_id: usd, beneficiary_id: rhein, amount: "7000", quote_id: fresh.id })).status).toBe(201);
  });
});

describe("supporting documents", () => {
  const bytes = (n: number, seed: number) => Buffer.from(Array.from({ length: n }, (_, i) => (i * 31 + seed * 17 + (i >> 8)) & 0xff));
  const pdf = Buffer.concat([Buffer.from("%PDF-1.4\n"), bytes(3000, 1), Buffer.from("\n%%EOF")]);
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), bytes(1500, 2)]);
  const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), bytes(2 * 1024 * 1024 - 3, 3)]); // exactly 2 MB
  const doc = (file_name: string, content_type: string, content: Buffer, description?: string) => ({
    file_name,
    content_type,
    content_base64: content.toString("base64"),
    ...(description ? { description } : {}),
  });
  const download = (who: Client, url: string) =>
    s.app.inject({ method: "GET", url: `/api${url}`, headers: { cookie: [...who.cookies].map(([k, v]) => `${k}=${v}`).join("; ") } });

  test("documents sent with a payment are listed on it and download byte for byte (up to 3, each up to 2 MB)", async () => {
    const before = await available(usd);
    const res = await pay({
      source_account_id: usd,
      beneficiary_id: harbor,
      amount: "3300",
      documents: [doc("invoice-17.pdf", "application/pdf", pdf, "Invoice 17"), doc("bill.png", "image/png", png), doc("scan.jpg", "image/jpeg", jpeg)],
    });
    expect(res.status).toBe(201);
    expect(await available(usd)).toBe(before - 3300n - 1500n);

    const detail = (await as.admin.get(`/payments/${res.body.data.id}`)).body.data;
    const docs = [...detail.documents].sort((a: { file_name: string }, b: { file_name: string }) => a.file_name.localeCompare(b.file_name));
    expect(docs).toHaveLength(3);
    expect(
      docs.map((d: { file_name: string; content_type: string; size: number; description: string }) => [d.file_name, d.content_type, d.size, d.description]),
    ).toEqual([
      ["bill.png", "image/png", png.length, "bill.png"],
      ["invoice-17.pdf", "application/pdf", pdf.length, "Invoice 17"],
      ["scan.jpg", "image/jpeg", jpeg.length, "scan.jpg"],
    ]);
    const originals: Record<string, Buffer> = { "bill.png": png, "invoice-17.pdf": pdf, "scan.jpg": jpeg };
    for (const d of docs) {
      expect(d.id).toMatch(UUID);
      const file = await download(as.admin, `/payments/docs/${d.id}/download`);
      expect(file.statusCode).toBe(200);
      expect(file.headers["content-type"]).toContain(d.content_type);
      expect(file.headers["content-disposition"]).toContain(d.file_name);
      expect(file.rawPayload.equals(originals[d.file_name])).toBe(true);
    }
    // A viewer of the business may read it too; an unknown document is a 404.
    expect((await download(as.viewer, `/payments/docs/${docs[0].id}/download`)).rawPayload.equals(png)).toBe(true);
    expect((await download(as.admin, `/payments/docs/${crypto.randomUUID()}/download`)).statusCode).toBe(404);
  });

  test("a document named in any script downloads under its exact name; control characters in a name are refused", async () => {
    const res = await pay({ source_account_id: usd, beneficiary_id: harbor, amount: "100", documents: [doc("счёт №5.pdf", "application/pdf", pdf)] });
    expect(res.status).toBe(201);
    const [d] = (await as.admin.get(`/payments/${res.body.data.id}`)).body.data.documents;
    const file = await download(as.admin, `/payments/docs/${d.id}/download`);
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-disposition"]).toContain(`filename*=UTF-8''${encodeURIComponent("счёт №5.pdf")}`);
    expect(file.rawPayload.equals(pdf)).toBe(true);
    const bad = await pay({ source_account_id: usd, beneficiary_id: harbor, amount: "100", documents: [doc("a\r\nb.pdf", "application/pdf", pdf)] });
    expect([bad.status, bad.body.message]).toEqual([400, "File name cannot contain control characters or slashes"]);
  });

  test("a wrong type, a fourth document or one over 2 MB is a 400 with nothing held or written", async () => {
    const [before, written] = [await available(usd), await transfers()];
    const body = { source_account_id: usd, beneficiary_id: harbor, amount: "4100" };
    const tooBig = Buffer.alloc(2 * 1024 * 1024 + 1, 7);
    const cases: [unknown[], string, string][] = [
      [[doc("notes.txt", "text/plain", Buffer.from("hello"))], "Documents must be PDF, PNG or JPEG files", "documents.0.content_type"],
      [
        [
          doc("a.pdf", "application/pdf", pdf),
          doc("b.pdf", "application/pdf", pdf),
          doc("c.pdf", "application/pdf", pdf),
          doc("d.pdf", "application/pdf", pdf),
        ],
        "Attach at most 3 documents",
        "documents",
      ],
      [[doc("ok.pdf", "application/pdf", pdf), doc("big.pdf", "application/pdf", tooBig)], "Each document must be at most 2 MB", "documents.1.content_base64"],
      [
        [{ file_name: "x.pdf", content_type: "application/pdf", content_base64: "not base64!" }],
        "Document content must be base64",
        "documents.0.content_base64",
      ],
      [[{ file_name: "x.pdf", content_type: "application/pdf", content_base64: "" }], "The document is empty", "documents.0.content_base64"],
    ];
    for (const [documents, message, path] of cases) {
      const res = await pay({ ...body, documents });
      expect([res.status, res.body.message]).toEqual([400, message]);
      expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(path);
    }
    expect(await available(usd)).toBe(before);
    expect(await transfers()).toEqual(written);
  });
});

describe("one-time code for a member with two-factor authentication", () => {
  const owner = "owner@demo.example";
  const body = () => ({ source_account_id: usd, beneficiary_id: harbor, amount: "2500" });

  test("no code, a wrong code or a used code is refused; the right code pays once; a replay needs no new code", async () => {
    expect((await setTwoFactor(s.app, as.owner, true)).body.message).toBe("Two Factor authentication enabled");
    const [before, written] = [await available(usd), await transfers()];

    const none = await pay(body(), key(), "owner");
    expect([none.status, none.body.message]).toEqual([400, "Enter the one-time code sent to your email"]);
    expect(none.body.errors).toEqual([{ path: "one-time-code", message: "Enter the one-time code" }]);
    const short = await pay(body(), key(), "owner", { "one-time-code": "12a" });
    expect([short.status, short.body.message]).toEqual([400, "Incomplete code"]);

    // The code is asked for this very payment (its path and body): it confirms nothing else (tests/api/step-up.test.ts).
    const forThis = { purpose: "payment", method: "POST", path: "/payments", body: body() };
    const sent = await as.owner.post("/security/one-time-code", forThis);
    expect([sent.status, sent.body.message]).toEqual([200, "Verification code sent"]);
    const mail = await lastMail(s.app, owner);
    expect(mail!.subject).toBe("Your verification code");
    const code = mail!.codes[0];
    expect(code).toMatch(/^\d{6}$/);
    expect(mail!.text).toContain(code);

    // Another code within the minute: wait.
    const tooSoon = await as.owner.post("/security/one-time-code", forThis);
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body.message).toMatch(/^Please wait \d+ seconds before requesting another code$/);
    expect(Number(tooSoon.headers["retry-after"])).toBeGreaterThan(0);
    expect((await lastMail(s.app, owner))!.codes[0]).toBe(code);

    const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    const wrong = await pay(body(), key(), "owner", { "one-time-code": wrongCode });
    expect([wrong.status, wrong.body.message]).toEqual([400, "Invalid or expired verification code"]);
    expect(await available(usd)).toBe(before);
    expect(await transfers()).toEqual(written);

    const k = key();
    const paid = await pay(body(), k, "owner", { "one-time-code": code });
    expect([paid.status, paid.body.message]).toEqual([201, "Your payment is being processed"]);
    expect(paid.headers["idempotent-replayed"]).toBe("false");
    expect(await available(usd)).toBe(before - 2500n - 1500n);

    // The code is used up: a new payment with it is refused.
    const reused = await pay(body(), key(), "owner", { "one-time-code": code });
    expect([reused.status, reused.body.message]).toEqual([400, "Invalid or expired verification code"]);

    // The answered key replays its answer without a code, and pays nothing more.
    const replay = await pay(body(), k, "owner");
    expect(replay.status).toBe(201);
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    expect(replay.body.data.id).toBe(paid.body.data.id);
    expect(await available(usd)).toBe(before - 2500n - 1500n);
    expect((await transfers()).total).toBe(written.total + 1);
  });

  test("members without two-factor authentication are not asked for a code", async () => {
    const res = await pay(body(), key(), "admin");
    expect(res.status).toBe(201);
  });
});

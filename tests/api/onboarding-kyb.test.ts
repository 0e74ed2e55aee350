/**
 * KYB and the getting-started checklist through HTTP: the sandbox provider's case (company, people,
 * documents, submit), bad submissions, the reviewer's decisions and what they change (checklist,
 * owner email, money gates), and the checklist walking from 0 % to 100 % on real data.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  Client,
  KYB_COMPANY,
  KYB_PEOPLE,
  PDF_BYTES,
  decideKyb,
  kybToken,
  lastMail,
  multipart,
  signedUpClient,
  startServer,
  submitKyb,
  type TestServer,
} from "../helpers/api.ts";
import { answeringAtOnce, runPaymentProcessing } from "../../src/server/jobs/payments.ts";
import { KYB_REQUIRED_MESSAGE } from "../../resources/kyb.ts";

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.close());

const outside = () => new Client(s.app);
const checklist = async (c: Client) => (await c.get("/businesses/getting-started")).body.data;
const step = async (c: Client, key: string) => (await checklist(c)).steps.find((x: { key: string }) => x.key === key);
const upload = (token: string, kind: string, content: Buffer, type = "application/pdf", fileName = "doc.pdf") => {
  const form = multipart([
    { name: "kind", value: kind },
    { name: "file", fileName, type, content },
  ]);
  return outside().request("POST", `/sandbox/kyb/cases/${token}/documents`, form.payload, form.headers);
};
const fieldErrors = (res: { body: { errors: { path: string; message: string }[] } }) => Object.fromEntries(res.body.errors.map((e) => [e.path, e.message]));

describe("before verification", () => {
  let c: Client;
  let email: string;
  beforeAll(async () => {
    const a = await signedUpClient(s.app, {}, { verified: false });
    c = a.client;
    email = a.input.email;
  });

  test("the checklist starts at 0 %: KYB needs action with the verification link, later steps locked", async () => {
    const list = await checklist(c);
    expect(list).toMatchObject({ percentage: 0, complete: false, can_skip: false, skipped: false, kyc_state: "READY", review_status: "PENDING" });
    expect(list.steps.map((x: any) => [x.key, x.state, x.active])).toEqual([
      ["kyb", "awaiting_action", true],
      ["open_account", "awaiting_action", false],
      ["fund_account", "awaiting_action", false],
      ["add_beneficiary", "awaiting_action", false],
      ["first_payment", "awaiting_action", false],
    ]);
    expect(list.steps[0].action).toMatchObject({ kind: "verification", event: "kyb_verification_started" });
    expect(list.steps.slice(1).every((x: any) => x.action === null)).toBe(true);
    const profile = (await c.get("/businesses/profile")).body.data.kyc;
    expect(profile).toMatchObject({ state: "READY", review_status: "PENDING" });
    expect(profile.verification.url).toBe(list.steps[0].action.url);
    expect(profile.verification.url).toMatch(/\/sandbox\/kyb\/[\w-]{20,}$/);
  });

  test("money does not move and accounts do not open before approval, with the reason", async () => {
    const attempts = [
      await c.post("/account-requests/corporate", { currency: "NGN" }),
      await c.post("/wallets", { currency: "USDT", blockchain: "TRON", name: "Float" }),
      await c.post(
        "/payments",
        { source_account_id: crypto.randomUUID(), beneficiary_id: crypto.randomUUID(), amount: "100" },
        { "idempotency-key": crypto.randomUUID() },
      ),
      await c.post("/transfers/internal", {}, { "idempotency-key": crypto.randomUUID() }),
    ];
    for (const res of attempts) expect([res.status, res.body.message]).toEqual([403, KYB_REQUIRED_MESSAGE]);
    // Reading is not money movement.
    expect((await c.get("/accounts/corporate")).status).toBe(200);
  });

  test("skipping needs an account; tracking accepts the SPEC's events only", async () => {
    expect([(await c.post("/businesses/getting-started/skip")).status, (await c.post("/businesses/getting-started/skip")).body.message]).toEqual([
      409,
      "Open an account before skipping setup",
    ]);
    const good = await c.post("/businesses/track", { event: "kyb_verification_started", properties: { kyc_state: "READY", review_state: "PENDING" } });
    expect(good.status).toBe(201);
    const bad = await c.post("/businesses/track", { event: "anything", properties: { kyc_state: "READY", review_state: "PENDING" } });
    expect(bad.status).toBe(400);
    expect((await c.post("/businesses/track", { event: "kyb_correction_started", properties: { kyc_state: "NOPE", review_state: "PENDING" } })).status).toBe(
      400,
    );
  });

  test("bad submissions are refused with field messages and change nothing", async () => {
    const token = await kybToken(c);
    expect((await outside().get(`/sandbox/kyb/cases/${"x".repeat(32)}`)).status).toBe(404);
    const future = await outside().put(`/sandbox/kyb/cases/${token}/company`, {
      ...KYB_COMPANY,
      incorporation_date: "2999-01-01",
      incorporation_country: "Nigeria",
      legal_name: " ",
    });
    expect(future.status).toBe(400);
    expect(fieldErrors(future)).toMatchObject({
      incorporation_date: "Incorporation date cannot be in the future",
      incorporation_country: "Country of incorporation must be a two-letter country code",
      legal_name: "Legal name is required",
    });
    expect((await outside().put(`/sandbox/kyb/cases/${token}/company`, { ...KYB_COMPANY, incorporation_date: "2023-02-30" })).status).toBe(400);
    const small = await outside().put(`/sandbox/kyb/cases/${token}/people`, {
      people: [
        { ...KYB_PEOPLE[0], ownership_percent: 60 },
        { ...KYB_PEOPLE[0], is_director: false, ownership_percent: 3 },
      ],
    });
    expect(fieldErrors(small)["people.1.ownership_percent"]).toBe("List owners holding 5% or more; smaller holdings are 0");
    const over = await outside().put(`/sandbox/kyb/cases/${token}/people`, {
      people: [
        { ...KYB_PEOPLE[0], ownership_percent: 70 },
        { ...KYB_PEOPLE[0], ownership_percent: 40 },
      ],
    });
    expect(fieldErrors(over).people).toBe("Ownership cannot add up to more than 100%");
    const noDirector = await outside().put(`/sandbox/kyb/cases/${token}/people`, { people: [{ ...KYB_PEOPLE[0], is_director: false }] });
    expect(fieldErrors(noDirector).people).toBe("Add at least one director");
    expect(fieldErrors(await upload(token, "PROOF_OF_ADDRESS", Buffer.from("just text"), "text/plain", "a.txt")).file).toBe(
      "The file must be a PDF, PNG or JPEG",
    );
    expect(fieldErrors(await upload(token, "PROOF_OF_ADDRESS", Buffer.concat([PDF_BYTES, Buffer.alloc(5 * 1024 * 1024)]))).file).toBe(
      "The file is larger than 5MB",
    );
    expect(fieldErrors(await upload(token, "PASSPORT_PHOTO", PDF_BYTES)).kind).toMatch(/^kind must be one of/);
    const incomplete = await outside().post(`/sandbox/kyb/cases/${token}/submit`);
    expect(incomplete.status).toBe(400);
    expect(incomplete.body.errors.map((e: { message: string }) => e.message)).toEqual(
      expect.arrayContaining([
        "Company information is required",
        "Add at least one director",
        "Certificate of incorporation is required",
        "Bank statements is required",
      ]),
    );
    const view = (await outside().get(`/sandbox/kyb/cases/${token}`)).body.data;
    expect(view).toMatchObject({ state: "READY", company: null, people: [], documents: [] });
    expect((await checklist(c)).kyc_state).toBe("READY");
    expect((await lastMail(s.app, email))?.subject).toBe("Verify your email address");
  });

  test("correction and rejection: the reviewer says why, the owner hears, the checklist shows it", async () => {
    const token = await submitKyb(s.app, c);
    expect(await step(c, "kyb")).toMatchObject({ state: "pending", label: "KYB In Review", action: null });
    expect((await outside().put(`/sandbox/kyb/cases/${token}/company`, KYB_COMPANY)).status).toBe(409);
    expect((await decideKyb(s.app, c, "CORRECTION_REQUESTED")).status).toBe(400);
    expect((await decideKyb(s.app, c, "CORRECTION_REQUESTED", "The proof of address is older than 3 months")).status).toBe(200);
    const kyb = await step(c, "kyb");
    expect(kyb).toMatchObject({ state: "awaiting_action", action: { kind: "verification", event: "kyb_correction_started" } });
    expect(kyb.description).toContain("The proof of address is older than 3 months");
    expect((await lastMail(s.app, email))?.subject).toMatch(/needs a correction/);
    expect((await outside().get(`/sandbox/kyb/cases/${token}`)).body.data).toMatchObject({
      state: "IN_PROGRESS",
      review_status: "CORRECTION_REQUESTED",
      editable: true,
    });

    expect((await upload(token, "PROOF_OF_ADDRESS", PDF_BYTES)).status).toBe(201);
    expect((await outside().post(`/sandbox/kyb/cases/${token}/submit`)).status).toBe(200);
    expect((await decideKyb(s.app, c, "REJECTED", "Unable to verify the directors")).status).toBe(200);
    expect(await step(c, "kyb")).toMatchObject({ state: "rejected", label: "KYB Rejected", action: null });
    expect((await step(c, "kyb")).description).toMatch(/contact support/);
    expect((await lastMail(s.app, email))?.subject).toMatch(/was not approved/);
    expect((await decideKyb(s.app, c, "APPROVED")).status).toBe(409);
    expect((await c.post("/account-requests/corporate", { currency: "NGN" })).status).toBe(403);
  });
});

test("from sign-up to first payment the checklist walks 0, 20, 40, 70, 90, 100 on real data; skip and 'complete'", async () => {
  const { client: c, input } = await signedUpClient(s.app, {}, { verified: false });
  await submitKyb(s.app, c);
  expect((await checklist(c)).percentage).toBe(0);
  expect((await decideKyb(s.app, c, "APPROVED")).status).toBe(200);
  expect((await lastMail(s.app, input.email))?.subject).toMatch(/is verified/);
  expect(await checklist(c)).toMatchObject({ percentage: 20, review_status: "APPROVED" });
  expect(await step(c, "open_account")).toMatchObject({ state: "awaiting_action", active: true, action: { kind: "link", to: "/accounts" } });
  expect((await c.get("/session")).body.data.business.kyb_status).toBe("APPROVED");

  const owner = {
    business_registration_date: "2019-03-14",
    nin: "12345678901",
    bvn: "22345678901",
    incorporation_number: "RC123456",
    phone: "08031234567",
    address: { line_1: "12 Marina Road", city: "Lagos", state: "Lagos", country: "NG" },
  };
  const req = (await c.post("/account-requests/corporate", { currency: "NGN", account_owner_info: owner })).body.data;
  expect(await step(c, "open_account")).toMatchObject({ state: "pending", action: null });
  const [declaration, agreement, otp] = req.tasks;
  await c.post(`/account-requests/tasks/${declaration.id}/submit`, { accepted: true });
  await c.post(`/account-requests/tasks/${agreement.id}/submit`, { accepted: true, agreement_id: agreement.data.id });
  await c.post(`/account-requests/tasks/${otp.id}/initialize`);
  await c.post(`/account-requests/tasks/${otp.id}/submit`, { otp_code: (await lastMail(s.app, input.email))!.codes[0] });
  const account = (await c.get(`/accounts/${req.account_id}`)).body.data;
  expect(await checklist(c)).toMatchObject({ percentage: 40, can_skip: true });
  expect(await step(c, "fund_account")).toMatchObject({ active: true, action: { to: `/accounts/${account.id}` } });

  const skipped = await c.post("/businesses/getting-started/skip");
  expect([skipped.status, skipped.body.data.skipped]).toEqual([200, true]);
  expect((await checklist(c)).skipped).toBe(true);

  const deposit = await outside().post(
    "/sandbox/deposits",
    { identifier: account.deposit_addresses[0].data.account_number, currency: "NGN", amount: "5000000", sender_name: "First Customer" },
    { "idempotency-key": crypto.randomUUID() },
  );
  expect(deposit.status).toBe(201);
  expect((await checklist(c)).percentage).toBe(70);

  const ben = await c.post("/v1/beneficiaries", {
    type: "FIAT",
    name: "First Supplier Ltd",
    kind: "BUSINESS",
    currency: "NGN",
    details: { type: "NIP", details: { account_name: "First Supplier Ltd", account_number: "0987654321", bank_name: "Access Bank" } },
  });
  expect(ben.status).toBe(201);
  expect(await checklist(c)).toMatchObject({ percentage: 90, complete: false });

  const paid = await c.post(
    "/payments",
    { source_account_id: account.id, beneficiary_id: ben.body.data.id, amount: "100000" },
    { "idempotency-key": crypto.randomUUID() },
  );
  expect(paid.status).toBe(201);
  // Still 90 % until the payment has completed on the rails.
  expect((await checklist(c)).percentage).toBe(90);
  await runPaymentProcessing(s.app.services.ctx.db, answeringAtOnce(s.app.services.providers));
  const done = await checklist(c);
  expect(done).toMatchObject({ percentage: 100, complete: true, can_skip: false });
  expect(done.steps.every((x: { state: string }) => x.state === "completed")).toBe(true);
  expect([(await c.post("/businesses/getting-started/skip")).status]).toEqual([409]);
});

test("the sandbox reviewer approves by itself once a case has waited the configured delay", async () => {
  const { client: c } = await signedUpClient(s.app, {}, { verified: false });
  await submitKyb(s.app, c);
  expect(await s.app.services.sandboxKyb.decideDue(3600)).toBe(0);
  expect((await checklist(c)).review_status).toBe("PENDING");
  expect(await s.app.services.sandboxKyb.decideDue(0)).toBeGreaterThanOrEqual(1);
  expect((await checklist(c)).review_status).toBe("APPROVED");
  const cases = (await outside().get("/sandbox/kyb/reviews")).body.data;
  expect(cases.length).toBeGreaterThan(0);
});

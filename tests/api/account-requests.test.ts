/** SPEC §4 Account request and §5 Bank account form / Tasks, through HTTP. */
import { afterAll, beforeAll, expect, test } from "vitest";
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { type Client, lastMail, signedUpClient, startServer, type TestServer } from "../helpers/api.ts";

let s: TestServer;
let owner: Client;
let email: string;
beforeAll(async () => {
  s = await startServer();
  const a = await signedUpClient(s.app);
  owner = a.client;
  email = a.input.email;
});
afterAll(() => s.close());

const ngnOwner = {
  business_registration_date: "2019-03-14",
  nin: "12345678901",
  bvn: "22345678901",
  incorporation_number: "RC123456",
  phone: "08031234567",
  address: { line_1: "12 Marina Road", city: "Lagos", state: "Lagos", country: "NG" },
};

test("a request opens a pending account; declaration, agreement and emailed code complete it and the rails provision it", async () => {
  const created = await owner.post("/account-requests/corporate", { currency: "NGN", account_owner_info: ngnOwner });
  expect([created.status, created.body.message]).toEqual([201, "Your request has been submitted"]);
  const req = created.body.data;
  expect(req.state).toBe("READY");
  expect(req.tasks.map((t: any) => [t.type, t.state])).toEqual([
    ["DECLARATION", "CREATED"],
    ["AGREEMENT", "CREATED"],
    ["EMAIL_OTP", "CREATED"],
  ]);

  const pending = (await owner.get("/accounts/corporate")).body.data.items.find((a: any) => a.id === req.account_id);
  expect(pending).toMatchObject({ state: "PENDING", in_request_state: true, account_request_id: req.id, deposit_addresses: [] });

  const [declaration, agreement, otp] = req.tasks;
  // Steps go in order.
  expect((await owner.post(`/account-requests/tasks/${otp.id}/submit`, { otp_code: "123456" })).body.message).toBe("Complete the earlier steps first");
  expect((await owner.post(`/account-requests/tasks/${declaration.id}/submit`, {})).body.message).toBe("Please accept declaration");
  expect((await owner.post(`/account-requests/tasks/${declaration.id}/submit`, { accepted: true })).status).toBe(200);
  expect((await owner.post(`/account-requests/tasks/${agreement.id}/submit`, { accepted: true })).body.message).toBe("Please accept agreement");

  const pdf = await owner.get(`/data/agreements/${agreement.data.id}/download`);
  expect(pdf.status).toBe(200);
  expect(pdf.headers["content-type"]).toBe("application/pdf");
  const file = `/tmp/agreement-${process.pid}.pdf`;
  // The bytes as sent (the client helper decodes bodies as text, which a binary PDF does not survive).
  const raw = await s.app.inject({
    url: `/api/data/agreements/${agreement.data.id}/download`,
    headers: { cookie: [...owner.cookies].map(([k, v]) => `${k}=${v}`).join("; ") },
  });
  writeFileSync(file, raw.rawPayload);
  expect(execFileSync("pdftotext", [file, "-"]).toString()).toContain("Business account terms and conditions");

  expect((await owner.post(`/account-requests/tasks/${agreement.id}/submit`, { accepted: true, agreement_id: agreement.data.id })).status).toBe(200);
  expect((await owner.post(`/account-requests/tasks/${otp.id}/initialize`)).status).toBe(200);
  const code = (await lastMail(s.app, email))!.codes[0];
  expect(code).toMatch(/^\d{6}$/);
  expect((await owner.post(`/account-requests/tasks/${otp.id}/submit`, {})).body.message).toBe("Enter the verification code");
  expect((await owner.post(`/account-requests/tasks/${otp.id}/submit`, { otp_code: "12" })).body.message).toBe("Incomplete code");
  expect((await owner.post(`/account-requests/tasks/${otp.id}/submit`, { otp_code: code === "000000" ? "111111" : "000000" })).body.message).toBe(
    "Invalid or expired verification code",
  );
  const done = await owner.post(`/account-requests/tasks/${otp.id}/submit`, { otp_code: code });
  expect(done.body.data.state).toBe("COMPLETED");

  const account = (await owner.get(`/accounts/${req.account_id}`)).body.data;
  expect(account).toMatchObject({ state: "ACTIVE", in_request_state: false, currency: "NGN" });
  expect(account.deposit_addresses[0].data.account_number).toMatch(/^\d{10}$/);
  // Completed tasks can be revisited but not redone.
  expect((await owner.get(`/account-requests/${req.id}`)).body.data.tasks.every((t: any) => t.state === "COMPLETED")).toBe(true);
  expect((await owner.post(`/account-requests/tasks/${declaration.id}/submit`, { accepted: true })).status).toBe(409);
});

test("NGN owner details are checked with the SPEC's messages; other currencies need none", async () => {
  const bad = async (info: Record<string, unknown>) =>
    (await owner.post("/account-requests/corporate", { currency: "NGN", account_owner_info: { ...ngnOwner, ...info } })).body.message;
  expect(await bad({ phone: "+14155550100" })).toBe("Please enter a valid phone number starting with +234 (international format) or 0 (local format)");
  expect(await bad({ bvn: "123" })).toBe("BVN must be exactly 11 digits");
  expect(await bad({ nin: "abcdefghijk" })).toBe("NIN must be exactly 11 digits");
  expect(await bad({ incorporation_number: "XX123" })).toBe("Incorporation number must start with RC, BN, IT or LP");
  expect(await bad({ business_registration_date: "2999-01-01" })).toBe("Business registration date cannot be in the future");
  expect(await bad({ address: { line_1: "", city: "Lagos", state: "Lagos", country: "NG" } })).toBe("Address is required");
  expect((await owner.post("/account-requests/corporate", { currency: "NGN" })).body.message).toBe("Account owner details are required for a Naira account");
  expect((await owner.post("/account-requests/corporate", {})).body.message).toBe("Please select a currency");
  const gbp = await owner.post("/account-requests/corporate", { currency: "GBP" });
  expect(gbp.status).toBe(201);
  expect((await owner.post("/account-requests/corporate", { currency: "GBP" })).status).toBe(409);
});

test("another business cannot see or work a request; HELIOS switches fiat access on", async () => {
  const { client: other } = await signedUpClient(s.app);
  const req = (await owner.post("/account-requests/corporate", { currency: "EUR" })).body.data;
  expect((await other.get(`/account-requests/${req.id}`)).status).toBe(404);
  expect((await other.post(`/account-requests/tasks/${req.tasks[0].id}/submit`, { accepted: true })).status).toBe(404);
  const businessId = (await other.get("/session")).body.data.business.id;
  await s.app.services.businessAdmin.setFeatures(businessId, ["crypto"]);
  expect((await other.get("/accounts/corporate")).status).toBe(403);
  expect((await other.post("/businesses/features", { feature: "HELIOS" })).body.message).toBe("Your request has been submitted");
  expect((await other.get("/accounts/corporate")).status).toBe(200);
});

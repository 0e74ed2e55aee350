/**
 * Settings through HTTP (SPEC §7 Business and settings, §4 User states, §6 users_read / users_write):
 * team management with the owner's protections, sessions that really stop working when revoked,
 * login alerts, two-factor sign-in confirmed by an emailed code, the password change, and
 * notification settings that really decide who gets the event emails.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { Client, lastMail, setTwoFactor, signedUpClient, startServer, tokenFromLink, type TestServer } from "../helpers/api.ts";
import { businessUsers } from "../../src/server/db/schema/index.ts";
import { DEMO_COMPANY, DEMO_PEOPLE, verifyBusiness } from "../../src/server/seed/demo-kyb.ts";

let s: TestServer;
let owner: Client;
let ownerEmail: string;
let businessId: string;
const PASSWORD = "Str0ng-Passw0rd!";

async function login(
  email: string,
  password = PASSWORD,
  userAgent = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
) {
  const c = new Client(s.app);
  const res = await c.request("POST", "/onboarding/login", { email, password }, { "user-agent": userAgent });
  return { c, res };
}

/** Invites someone with a role and has them accept; returns their member id and a signed-in client. */
async function member(role: string) {
  const email = `m.${role.toLowerCase()}.${crypto.randomUUID().slice(0, 8)}@example.com`;
  const invited = await owner.post("/users/invites", { email, position: "Analyst", role: [role] });
  expect(invited.status, JSON.stringify(invited.body)).toBe(201);
  const token = tokenFromLink((await lastMail(s.app, email))!.links[0]);
  expect(
    (
      await new Client(s.app).post("/onboarding/invitation/accept", {
        token,
        user_info: { first_name: "Mo", last_name: role, password: PASSWORD, phone: "+2348012345679" },
      })
    ).status,
  ).toBe(200);
  const { c } = await login(email);
  return { id: invited.body.data.id as string, email, c };
}
const ownerMemberId = async () => ((await owner.get("/users?limit=100")).body.data.items as { id: string; is_owner: boolean }[]).find((m) => m.is_owner)!.id;
const mailbox = async (to: string) => (await new Client(s.app).get(`/sandbox/mailbox?to=${encodeURIComponent(to)}`)).body.data as { subject: string }[];

beforeAll(async () => {
  s = await startServer();
  const a = await signedUpClient(s.app, { password: PASSWORD });
  owner = a.client;
  ownerEmail = a.input.email;
  businessId = (await owner.get("/session")).body.data.business.id;
});
afterAll(() => s.close());

describe("team management", () => {
  test("roles change for others (at least one, never OWNER); a pending invite is resent, cancelled and re-invited", async () => {
    const m = await member("VIEWER");
    const changed = await owner.patch(`/users/${m.id}/roles`, { role: ["INITIATOR", "APPROVER"] });
    expect(changed.body.message).toBe("Roles updated successfully");
    expect(changed.body.data.roles.map((r: { name: string }) => r.name)).toEqual(["INITIATOR", "APPROVER"]);
    // The new rights apply to their very next request.
    expect((await m.c.get("/session")).body.data.permissions).toContain("transactions_approve");
    expect((await owner.patch(`/users/${m.id}/roles`, { role: [] })).body.message).toBe("At least one role is required");
    expect((await owner.patch(`/users/${m.id}/roles`, { role: ["OWNER"] })).body.message).toBe("Unknown or protected role: OWNER");

    const email = `pending.${Date.now()}@example.com`;
    const invite = (await owner.post("/users/invites", { email, position: "Ops", role: ["VIEWER"] })).body.data;
    const firstLink = (await lastMail(s.app, email))!.links[0];
    expect((await owner.post(`/users/invites/${invite.id}/resend-email`)).body.message).toBe("Invite email resent");
    const secondLink = (await lastMail(s.app, email))!.links[0];
    expect(secondLink).not.toBe(firstLink);
    // Only the newest link works.
    expect((await new Client(s.app).get(`/onboarding/invitation/${tokenFromLink(firstLink)}`)).status).toBe(400);
    expect((await owner.patch(`/users/invites/${invite.id}/cancel`)).body.message).toBe("Invite has been canceled");
    expect((await new Client(s.app).get(`/onboarding/invitation/${tokenFromLink(secondLink)}`)).status).toBe(400);
    expect((await owner.post(`/users/invites/${invite.id}/resend-email`)).body.message).toBe(
      "A user who is invitation cancelled cannot be sent the invitation again",
    );
    expect((await owner.post(`/users/invites/${invite.id}/re-invite`)).body.message).toBe("Invite email sent");
    const third = (await lastMail(s.app, email))!.links[0];
    expect((await new Client(s.app).get(`/onboarding/invitation/${tokenFromLink(third)}`)).status).toBe(200);
    expect((await owner.get(`/users/${invite.id}`)).body.data.state).toBe("INVITATION_PENDING");
    // Inviting an address that is already a member or invitee is refused.
    expect((await owner.post("/users/invites", { email, position: "Ops", role: ["VIEWER"] })).status).toBe(409);
    expect((await owner.post("/users/invites", { email: m.email.toUpperCase(), position: "Ops", role: ["VIEWER"] })).status).toBe(409);
  });

  test("the owner can never be changed, deactivated or deleted; nobody changes themselves", async () => {
    const id = await ownerMemberId();
    const admin = await member("ADMIN");
    for (const [res, message] of [
      [await admin.c.patch(`/users/${id}/roles`, { role: ["VIEWER"] }), "The owner cannot be given other roles"],
      [await admin.c.patch(`/users/${id}/deactivate`), "The owner cannot be deactivated"],
      [await admin.c.delete(`/users/${id}`), "The owner cannot be deleted"],
      [await admin.c.delete(`/users/${id}/delete`), "The owner cannot be deleted"],
      [await admin.c.patch(`/users/${admin.id}/deactivate`), "You cannot deactivate yourself"],
      [await admin.c.patch(`/users/${admin.id}/roles`, { role: ["VIEWER"] }), "You cannot change the roles of yourself"],
    ] as const) {
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(message);
    }
    expect((await owner.get(`/users/${id}`)).body.data).toMatchObject({ state: "ACTIVE", is_owner: true });
  });

  test("a LOCKED member is display only: every change is refused with 409 and nothing changes", async () => {
    const m = await member("VIEWER");
    // No route locks a member: set the state as the platform would.
    await s.app.services.ctx.db.update(businessUsers).set({ state: "LOCKED" }).where(eq(businessUsers.id, m.id));
    for (const res of [
      await owner.patch(`/users/${m.id}/roles`, { role: ["ADMIN"] }),
      await owner.patch(`/users/${m.id}/activate`),
      await owner.patch(`/users/${m.id}/deactivate`),
      await owner.delete(`/users/${m.id}`),
      await owner.delete(`/users/${m.id}/delete`),
      await owner.post(`/users/invites/${m.id}/resend-email`),
      await owner.patch(`/users/invites/${m.id}/cancel`),
      await owner.post(`/users/invites/${m.id}/re-invite`),
    ]) {
      expect(res.status, JSON.stringify(res.body)).toBe(409);
      expect(res.body.message).toBe("A locked user cannot be changed");
    }
    expect((await owner.get(`/users/${m.id}`)).body.data).toMatchObject({ state: "LOCKED", roles: [{ name: "VIEWER" }] });
  });

  test("deactivating ends the member's sessions at once; activating lets them sign in again", async () => {
    const m = await member("VIEWER");
    expect((await m.c.get("/session")).status).toBe(200);
    const off = await owner.patch(`/users/${m.id}/deactivate`);
    expect(off.body).toMatchObject({ message: "Action successful", data: { state: "INACTIVE" } });
    expect((await m.c.get("/session")).status).toBe(401);
    expect((await login(m.email)).res.status).toBe(403);
    expect((await owner.patch(`/users/${m.id}/deactivate`)).body.message).toBe("A user who is inactive cannot be deactivated");
    expect((await owner.patch(`/users/${m.id}/activate`)).body.data.state).toBe("ACTIVE");
    // The old session stays ended; a new sign-in works.
    expect((await m.c.get("/session")).status).toBe(401);
    expect((await login(m.email)).res.status).toBe(200);
  });

  test("delete: only members who joined; their sessions end; an invitation is cancelled instead", async () => {
    const m = await member("VIEWER");
    expect((await owner.delete(`/users/${m.id}`)).body.message).toBe("User has been deleted");
    expect((await m.c.get("/session")).status).toBe(401);
    expect((await owner.get(`/users/${m.id}`)).status).toBe(404);
    const pending = (await owner.post("/users/invites", { email: `p.${Date.now()}@example.com`, position: "x", role: ["VIEWER"] })).body.data;
    expect((await owner.delete(`/users/${pending.id}/delete`)).body.message).toBe("Only users who have joined can be deleted; cancel the invitation instead");
  });

  test("users_read may look but not change; another business's members are 404", async () => {
    const viewer = await member("VIEWER");
    const target = await member("INITIATOR");
    expect((await viewer.c.get(`/users/${target.id}`)).status).toBe(200);
    for (const res of [
      await viewer.c.patch(`/users/${target.id}/roles`, { role: ["VIEWER"] }),
      await viewer.c.patch(`/users/${target.id}/deactivate`),
      await viewer.c.delete(`/users/${target.id}`),
      await viewer.c.post("/users/invites", { email: "x@example.com", position: "x", role: ["VIEWER"] }),
    ])
      expect(res.status).toBe(403);
    // INITIATOR has no users_read: not even the list.
    expect((await target.c.get("/users")).status).toBe(403);
    const other = (await signedUpClient(s.app)).client;
    for (const res of [await other.get(`/users/${target.id}`), await other.patch(`/users/${target.id}/deactivate`), await other.delete(`/users/${target.id}`)])
      expect(res.status).toBe(404);
  });
});

describe("security", () => {
  test("sessions: listed with browser, OS and IP, this one marked; revoking one or the others really ends them", async () => {
    const a = await login(ownerEmail);
    const b = await login(
      ownerEmail,
      PASSWORD,
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1",
    );
    const c = await login(ownerEmail, PASSWORD, "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0");
    const list = (await a.c.get("/security/sessions")).body.data as {
      id: string;
      browser: string;
      os: string;
      ip: string;
      last_activity: string;
      is_active: boolean;
      is_this_session: boolean;
    }[];
    expect(list.filter((x) => x.is_this_session)).toHaveLength(1);
    for (const x of list) expect(x).toMatchObject({ is_active: true, last_activity: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    expect(list.map((x) => `${x.browser} on ${x.os}`)).toEqual(expect.arrayContaining(["Chrome on Windows", "Safari on iOS", "Firefox on Linux"]));
    expect(list[0].ip).toBe("127.0.0.1");

    const iphone = list.find((x) => x.os === "iOS")!;
    expect((await a.c.delete(`/security/sessions/${iphone.id}`)).body.message).toBe("Session revoked");
    expect((await b.c.get("/session")).status).toBe(401);
    expect((await c.c.get("/session")).status).toBe(200);
    // Another member's (or an unknown) session id is not found.
    expect((await (await member("VIEWER")).c.delete(`/security/sessions/${list.find((x) => x.is_this_session)!.id}`)).status).toBe(404);

    expect((await a.c.delete("/security/sessions/others")).body.message).toBe("Other sessions revoked");
    expect((await c.c.get("/session")).status).toBe(401);
    expect((await owner.get("/session")).status).toBe(401);
    expect((await a.c.get("/session")).status).toBe(200);
    owner = a.c;
  });

  test("login alerts: an email at each new sign-in while on", async () => {
    expect((await owner.get("/settings/security")).body.data).toEqual({ "2faEnabled": false, alertOnLogin: false });
    expect((await owner.post("/settings/security/alert-on-login")).body.message).toBe("Login alerts enabled");
    await login(ownerEmail);
    expect((await lastMail(s.app, ownerEmail))?.subject).toBe("New sign-in to your account");
    expect((await owner.delete("/settings/security/alert-on-login")).body.message).toBe("Login alerts disabled");
    const before = (await mailbox(ownerEmail)).length;
    await login(ownerEmail);
    expect((await mailbox(ownerEmail)).length).toBe(before);
  });

  test("two-factor sign-in changes only with the emailed code; once on, the next sign-in needs a code", async () => {
    expect((await owner.post("/settings/security/mfa", { otp_code: "123456" })).body.message).toBe("Invalid or expired verification code");
    expect((await owner.post("/settings/security/mfa", {})).status).toBe(400);
    expect((await owner.get("/settings/security")).body.data["2faEnabled"]).toBe(false);
    const on = await setTwoFactor(s.app, owner, true);
    expect(on.body.message).toBe("Two Factor authentication enabled");
    expect((await owner.get("/settings/security")).body.data).toEqual({ "2faEnabled": true, alertOnLogin: false });
    const attempt = await login(ownerEmail);
    expect(attempt.res.status).toBe(401);
    expect(attempt.res.body.message).toBe("Enter the verification code sent to your email");
    const off = await setTwoFactor(s.app, owner, false);
    expect(off.body.message).toBe("Two Factor authentication disabled");
    expect((await login(ownerEmail)).res.status).toBe(200);
  });

  test("password change: the current one is checked, the rule applies, other sessions end, the new one signs in", async () => {
    const other = await login(ownerEmail);
    const bad = async (body: unknown, message: string) => {
      const res = await owner.post("/settings/change-password", body);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.message).toBe(message);
    };
    await bad({ password: "short", new_password: "N3w-Passw0rd!" }, "Password must be at least 8 characters");
    await bad(
      { password: PASSWORD, new_password: "alllowercase1!" },
      "Password must contain at least 1 lowercase letter, 1 uppercase letter, 1 number, and 1 special character",
    );
    await bad({ password: "Wr0ng-Passw0rd!", new_password: "N3w-Passw0rd!" }, "Current password is incorrect");
    await bad({ password: PASSWORD, new_password: PASSWORD }, "The new password must differ from the current one");
    expect((await owner.post("/settings/change-password", { password: PASSWORD, new_password: "N3w-Passw0rd!" })).body.message).toBe(
      "Password change Successful",
    );
    expect((await other.c.get("/session")).status).toBe(401);
    expect((await owner.get("/session")).status).toBe(200);
    expect((await login(ownerEmail)).res.status).toBe(401);
    expect((await login(ownerEmail, "N3w-Passw0rd!")).res.status).toBe(200);
    expect((await lastMail(s.app, ownerEmail))?.subject).toBe("Your password was changed");
    expect((await owner.post("/settings/change-password", { password: "N3w-Passw0rd!", new_password: PASSWORD })).status).toBe(200);
  });
});

describe("notifications", () => {
  test("a member's switches start off and change together; destinations are created, updated and deleted", async () => {
    expect((await owner.get("/settings/notifications")).body.data).toEqual({
      user: { inbound_outbound_transfers: false, fx_conversions: false, invoice_payments: false, account_updates: false },
      business: [],
    });
    const mine = { inbound_outbound_transfers: true, fx_conversions: false, invoice_payments: true, account_updates: false };
    expect((await owner.patch("/settings/user-notifications", mine)).body).toEqual({ message: "Settings updated", data: mine });
    expect((await owner.patch("/settings/user-notifications", { inbound_outbound_transfers: "yes" })).status).toBe(400);

    expect((await owner.post("/settings/business-notifications", { email: "" })).body.message).toBe("Email is required");
    expect((await owner.post("/settings/business-notifications", { email: "nope" })).body.message).toBe("Email is invalid");
    const created = await owner.post("/settings/business-notifications", { email: "Finance@Acme.example", fx_conversions: false });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      message: "Settings created",
      data: { email: "finance@acme.example", inbound_outbound_transfers: true, fx_conversions: false },
    });
    expect((await owner.post("/settings/business-notifications", { email: "finance@acme.example" })).status).toBe(409);
    const id = created.body.data.id;
    // PATCH is partial: fx_conversions stays off, the switch sent changes.
    expect((await owner.patch(`/settings/business-notifications/${id}`, { email: "finance@acme.example", account_updates: false })).body).toMatchObject({
      message: "Settings updated",
      data: { inbound_outbound_transfers: true, fx_conversions: false, invoice_payments: true, account_updates: false },
    });
    const other = (await signedUpClient(s.app)).client;
    expect((await other.patch(`/settings/business-notifications/${id}`, { email: "x@y.example" })).status).toBe(404);
    expect((await other.delete(`/settings/business-notifications/${id}`)).status).toBe(404);
    expect((await owner.get("/settings/notifications")).body.data.business).toHaveLength(1);
    expect((await owner.delete(`/settings/business-notifications/${id}`)).body.message).toBe("Settings deleted");
    expect((await owner.get("/settings/notifications")).body.data.business).toEqual([]);
  });

  test("PATCH of a destination changes only what is sent: omitted switches keep their values", async () => {
    const created = (await owner.post("/settings/business-notifications", { email: "partial@acme.example", fx_conversions: false })).body.data;
    const renamed = await owner.patch(`/settings/business-notifications/${created.id}`, { email: "Partial2@Acme.example" });
    expect(renamed.body).toEqual({
      message: "Settings updated",
      data: {
        id: created.id,
        email: "partial2@acme.example",
        inbound_outbound_transfers: true,
        fx_conversions: false,
        invoice_payments: true,
        account_updates: true,
      },
    });
    const flipped = await owner.patch(`/settings/business-notifications/${created.id}`, { invoice_payments: false });
    expect(flipped.body.data).toMatchObject({ email: "partial2@acme.example", fx_conversions: false, invoice_payments: false, account_updates: true });
    // An email, when given, must still be valid; an unknown field is refused.
    expect((await owner.patch(`/settings/business-notifications/${created.id}`, { email: "nope" })).body.message).toBe("Email is invalid");
    expect((await owner.patch(`/settings/business-notifications/${created.id}`, { fx_conversions: "no" })).status).toBe(400);
    expect((await owner.patch(`/settings/business-notifications/${created.id}`, { colour: "red" })).status).toBe(400);
    expect((await owner.get("/settings/notifications")).body.data.business.find((d: { id: string }) => d.id === created.id)).toMatchObject({
      email: "partial2@acme.example",
      fx_conversions: false,
      invoice_payments: false,
    });
    expect((await owner.delete(`/settings/business-notifications/${created.id}`)).status).toBe(200);
  });

  test("destinations need users_write; a member's own switches do not", async () => {
    const viewer = await member("VIEWER");
    expect((await viewer.c.post("/settings/business-notifications", { email: "v@example.com" })).status).toBe(403);
    expect(
      (
        await viewer.c.patch("/settings/user-notifications", {
          inbound_outbound_transfers: true,
          fx_conversions: true,
          invoice_payments: true,
          account_updates: true,
        })
      ).status,
    ).toBe(200);
  });

  test("events email exactly those who opted in: a deposit, an account update", async () => {
    const dest = "alerts@acme.example";
    const quiet = "quiet@acme.example";
    await owner.post("/settings/business-notifications", { email: dest, fx_conversions: false });
    await owner.post("/settings/business-notifications", { email: quiet, inbound_outbound_transfers: false, account_updates: false });
    await owner.patch("/settings/user-notifications", {
      inbound_outbound_transfers: true,
      fx_conversions: false,
      invoice_payments: false,
      account_updates: false,
    });
    // An account opening is an account update; a deposit into it is an inbound transfer.
    const acct = await s.app.services.ctx.db.transaction((tx) => s.app.services.accounts.open(tx, businessId, "USD", { holderName: "Acme" }));
    expect((await lastMail(s.app, dest))?.subject).toMatch(/ready to receive payments/);
    const identifier = String(acct.deposit_addresses[0].data.account_number);
    const res = await new Client(s.app).post(
      "/sandbox/deposits",
      { identifier, currency: "USD", amount: "125000", sender_name: "Sahel Foods Ltd" },
      { "idempotency-key": crypto.randomUUID() },
    );
    expect(res.status).toBe(201);
    expect((await lastMail(s.app, dest))?.subject).toBe("You received 1,250.00 USD");
    expect((await lastMail(s.app, ownerEmail))?.subject).toBe("You received 1,250.00 USD");
    expect((await mailbox(quiet)).map((m) => m.subject)).toEqual([]);
    // Members who did not opt in hear nothing.
    const viewer = await member("VIEWER");
    await new Client(s.app).post(
      "/sandbox/deposits",
      { identifier, currency: "USD", amount: "100", sender_name: "Sahel Foods Ltd" },
      { "idempotency-key": crypto.randomUUID() },
    );
    expect((await mailbox(viewer.email)).filter((m) => m.subject.startsWith("You received"))).toEqual([]);
  });
});

describe("profile", () => {
  test("GET businesses/profile: the SPEC §3 shape; incorporation facts from the approved KYB case, the owner as contact", async () => {
    const p = (await owner.get("/businesses/profile")).body.data;
    // Approved with the test company (no website): its verified facts, and its address while no billing address is set.
    expect(p).toMatchObject({
      name: expect.any(String),
      business: { name: p.name, kyc_status: "APPROVED", business_type: "LLC" },
      kyc: { state: "IN_REVIEW", review_status: "APPROVED", verification: { url: null } },
      incorporation_info: {
        business_name: "Acme Holdings Ltd",
        incorporation_number: "RC778899",
        incorporation_date: "2020-05-01",
        incorporation_country: "NG",
      },
      business_address: { line_1: "1 Marina", city: "Lagos", state_province: "Lagos", postal_code: null, country: "NG" },
      contact_information: { email: ownerEmail, phone: "+2348031234567", website: null },
      features: expect.any(Array),
    });
    expect(p).not.toHaveProperty("incorporation");
    expect(p).not.toHaveProperty("contact");
    // The invoice settings' billing address wins once set.
    await owner.patch("/invoicing/settings", { business_address: { line_1: "9 Broad Street", city: "Lagos", state_province: "Lagos", country: "NG" } });
    expect((await owner.get("/businesses/profile")).body.data.business_address).toMatchObject({
      line_1: "9 Broad Street",
      city: "Lagos",
      state_province: "Lagos",
      country: "NG",
    });
  });

  test("before approval no verified facts are shown; after it, number, date, website and address come from the case", async () => {
    const { client, input } = await signedUpClient(s.app, { password: PASSWORD }, { verified: false });
    const id = (await client.get("/session")).body.data.business.id as string;
    const fresh = (await client.get("/businesses/profile")).body.data;
    expect(fresh).toMatchObject({
      incorporation_info: { business_name: input.business_name, incorporation_number: null, incorporation_date: null, incorporation_country: "NG" },
      business_address: null,
      contact_information: { email: input.email, phone: input.phone, website: null },
      kyc: { verification: { url: expect.stringContaining("/sandbox/kyb/") } },
    });
    // Submitted, in review: still nothing verified.
    await verifyBusiness(s.app.services, id, DEMO_COMPANY, DEMO_PEOPLE, null);
    expect((await client.get("/businesses/profile")).body.data.incorporation_info).toMatchObject({ incorporation_number: null, incorporation_date: null });
    await s.app.services.sandboxKyb.decide(id, "APPROVED", null);
    const approved = (await client.get("/businesses/profile")).body.data;
    expect(approved).toMatchObject({
      incorporation_info: {
        business_name: "Demo Trading Ltd",
        incorporation_number: "RC1234567",
        incorporation_date: "2019-03-14",
        incorporation_country: "NG",
      },
      business_address: { line_1: "12 Adeola Odeku Street", city: "Lagos", state_province: "Lagos", postal_code: "101241", country: "NG" },
      contact_information: { email: input.email, phone: input.phone, website: "https://demo-trading.example" },
    });
  });
});

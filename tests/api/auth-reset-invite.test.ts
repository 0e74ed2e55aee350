/**
 * Password reset (SPEC §5 Reset password, §7 password-reset/initiate and /complete) and invitations
 * (POST /users/invites, GET /onboarding/invitation/{token}, POST /onboarding/invitation/accept).
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { expectOnlyError } from "../helpers/expect.ts";
import { Client, lastMail, signedUpClient, signUpInput, startServer, tokenFromLink, type TestServer, signInAs } from "../helpers/api.ts";
import { businessUsers, oneTimeTokens } from "../../src/server/db/schema/index.ts";
import { sha256 } from "../../src/server/services/crypto.ts";
import { DEMO_PASSWORD, seedDemo } from "../../src/server/seed/demo.ts";
import { PASSWORD_RULE_MESSAGE } from "../../resources/auth.ts";

let s: TestServer;
let demoBusinessId: string;
beforeAll(async () => {
  s = await startServer();
  ({ businessId: demoBusinessId } = await seedDemo(s.app.services));
});
afterAll(() => s.close());

const login = (email: string, password: string) => new Client(s.app).post("/onboarding/login", { email, password });

const signedIn = (email: string, password = DEMO_PASSWORD) => signInAs(s.app, email, password);

async function expireToken(token: string) {
  await s.app.services.ctx.db
    .update(oneTimeTokens)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(oneTimeTokens.tokenHash, sha256(token)));
}

describe("password reset", () => {
  const FORGOT_MESSAGE = "If an account exists for this email, a password reset link has been sent";
  const BAD_LINK = "This password reset link is invalid or has expired";

  async function requestReset(email: string) {
    const res = await new Client(s.app).post("/onboarding/password-reset/initiate", { email });
    expect(res.status).toBe(200);
    const mail = await lastMail(s.app, email);
    const link = mail!.links.find((l) => l.includes("/reset-password/"))!;
    return tokenFromLink(link);
  }

  test("forgot password answers the same for known and unknown emails, and only emails the known one", async () => {
    const { input } = await signedUpClient(s.app);
    const unknown = signUpInput().email;
    const known = await new Client(s.app).post("/onboarding/password-reset/initiate", { email: input.email });
    const other = await new Client(s.app).post("/onboarding/password-reset/initiate", { email: unknown });
    expect(known.status).toBe(200);
    expect(other.status).toBe(200);
    expect(known.body).toEqual({ message: FORGOT_MESSAGE, data: null });
    expect(other.body).toEqual(known.body);

    const mail = await lastMail(s.app, input.email);
    expect(mail!.subject).toBe("Reset your password");
    expect(mail!.links).toHaveLength(1);
    expect(mail!.links[0]).toMatch(/\/reset-password\/[A-Za-z0-9_-]{20,}$/);
    expect(await lastMail(s.app, unknown)).toBeUndefined();
  });

  test("forgot password validates the email", async () => {
    const c = new Client(s.app);
    expectOnlyError(await c.post("/onboarding/password-reset/initiate", { email: "nope" }), "email", "Email is invalid");
    expectOnlyError(await c.post("/onboarding/password-reset/initiate", {}), "email", "Email is required");
  });

  test("reset completes: old password stops working, new one works, existing sessions are signed out", async () => {
    const { client: before, input } = await signedUpClient(s.app);
    const other = await signedIn(input.email, input.password);
    expect((await before.get("/session")).status).toBe(200);

    const token = await requestReset(input.email);
    const res = await new Client(s.app).post("/onboarding/password-reset/complete", { token, new_password: "N3w-Passw0rd!" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: "Password reset Successful", data: null });

    const old = await login(input.email, input.password);
    expect(old.status).toBe(401);
    expect(old.body.message).toBe("Invalid email or password");
    const fresh = await login(input.email, "N3w-Passw0rd!");
    expect(fresh.status).toBe(200);
    expect(fresh.body.message).toBe("Login Successful");

    expect((await before.get("/session")).status).toBe(401);
    expect((await other.get("/session")).status).toBe(401);
  });

  test("a reset link works once", async () => {
    const { input } = await signedUpClient(s.app);
    const token = await requestReset(input.email);
    const c = new Client(s.app);
    expect((await c.post("/onboarding/password-reset/complete", { token, new_password: "N3w-Passw0rd!" })).status).toBe(200);
    const again = await c.post("/onboarding/password-reset/complete", { token, new_password: "An0ther-Passw0rd!" });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ message: BAD_LINK, errors: [] });
    expect((await login(input.email, "An0ther-Passw0rd!")).status).toBe(401);
    expect((await login(input.email, "N3w-Passw0rd!")).status).toBe(200);
  });

  test("an expired reset link is refused and the password is unchanged", async () => {
    const { input } = await signedUpClient(s.app);
    const token = await requestReset(input.email);
    await expireToken(token);
    const res = await new Client(s.app).post("/onboarding/password-reset/complete", { token, new_password: "N3w-Passw0rd!" });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(BAD_LINK);
    expect((await login(input.email, input.password)).status).toBe(200);
  });

  test("an unknown reset token is refused", async () => {
    const res = await new Client(s.app).post("/onboarding/password-reset/complete", {
      token: "no-such-token-0123456789abcdef",
      new_password: "N3w-Passw0rd!",
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(BAD_LINK);
  });

  test("a weak or short new password is refused with the SPEC's message, and the link stays usable", async () => {
    const { input } = await signedUpClient(s.app);
    const token = await requestReset(input.email);
    const c = new Client(s.app);
    for (const weak of ["alllowercase1!", "ALLUPPERCASE1!", "NoDigits-here!", "NoSpecial1234"]) {
      expectOnlyError(await c.post("/onboarding/password-reset/complete", { token, new_password: weak }), "new_password", PASSWORD_RULE_MESSAGE);
    }
    expectOnlyError(
      await c.post("/onboarding/password-reset/complete", { token, new_password: "Ab1!" }),
      "new_password",
      "Password must be at least 8 characters",
    );
    expectOnlyError(await c.post("/onboarding/password-reset/complete", { token }), "new_password", "Password is required");
    expect((await c.post("/onboarding/password-reset/complete", { new_password: "N3w-Passw0rd!" })).status).toBe(400);

    expect((await c.post("/onboarding/password-reset/complete", { token, new_password: "N3w-Passw0rd!" })).status).toBe(200);
  });

  test("a reset link does not verify an email, nor accept an invitation", async () => {
    const { input } = await signedUpClient(s.app);
    const token = await requestReset(input.email);
    expect((await new Client(s.app).post("/onboarding/verify-email", { token })).status).toBe(400);
    expect((await new Client(s.app).get(`/onboarding/invitation/${token}`)).status).toBe(400);
  });
});

describe("invitations", () => {
  const BAD_INVITE = "This invitation is invalid or has expired";
  const userInfo = (overrides: Record<string, unknown> = {}) => ({
    first_name: "Efe",
    last_name: "Nwosu",
    password: "Inv1ted-Passw0rd!",
    phone: "+2348031112222",
    ...overrides,
  });

  let admin: Client;
  beforeAll(async () => {
    admin = await signedIn("admin@demo.example");
  });

  /** The admin invites an email; returns the token from the emailed link. */
  async function invited(email = signUpInput().email, role = ["VIEWER"]) {
    const res = await admin.post("/users/invites", { email, position: "Analyst", role });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const mail = await lastMail(s.app, email);
    const link = mail!.links.find((l) => l.includes("/invitation/"))!;
    return { email, token: tokenFromLink(link), res };
  }

  test("an admin invites: 201 'Invite created successfully' and the invitee gets a link", async () => {
    const email = signUpInput().email;
    const { res } = await invited(email);
    expect(res.body.message).toBe("Invite created successfully");
    expect(res.body.data).toMatchObject({ email, state: "INVITATION_PENDING" });
    const mail = await lastMail(s.app, email);
    expect(mail!.subject).toBe("You have been invited to Demo Trading Ltd");
    expect(mail!.links[0]).toMatch(/\/invitation\/[A-Za-z0-9_-]{20,}$/);
  });

  test("the invitation shows the business name and no user for a new person", async () => {
    const { email, token } = await invited();
    const res = await new Client(s.app).get(`/onboarding/invitation/${token}`);
    expect(res.status).toBe(200);
    expect(res.body.data.business).toEqual({ name: "Demo Trading Ltd" });
    expect(res.body.data.user_id).toBeNull();
    expect(res.body.data.email).toBe(email);
  });

  test("an unknown invitation token is refused", async () => {
    const res = await new Client(s.app).get("/onboarding/invitation/no-such-invitation-0123456789");
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: BAD_INVITE, errors: [] });
    const accept = await new Client(s.app).post("/onboarding/invitation/accept", { token: "no-such-invitation-0123456789", user_info: userInfo() });
    expect(accept.status).toBe(400);
    expect(accept.body.message).toBe(BAD_INVITE);
  });

  test("a new person must give their details to accept", async () => {
    const { token } = await invited();
    const res = await new Client(s.app).post("/onboarding/invitation/accept", { token });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Your details are required to accept this invitation");
    expect(res.body.errors).toEqual([{ path: "user_info", message: "Required" }]);
    expect((await new Client(s.app).get(`/onboarding/invitation/${token}`)).status).toBe(200); // still open
  });

  test.each([
    ["first_name", { first_name: "" }, "First name is required"],
    ["first_name", { first_name: undefined }, "First name is required"],
    ["last_name", { last_name: "  " }, "Last name is required"],
    ["last_name", { last_name: undefined }, "Last name is required"],
    ["password", { password: "Sh0rt!" }, "Password must be at least 8 characters"],
    ["password", { password: "nouppercase1!" }, PASSWORD_RULE_MESSAGE],
    ["password", { password: "NOLOWERCASE1!" }, PASSWORD_RULE_MESSAGE],
    ["password", { password: "NoNumbers-here!" }, PASSWORD_RULE_MESSAGE],
    ["password", { password: "NoSpecial1234" }, PASSWORD_RULE_MESSAGE],
    ["phone", { phone: "" }, "Phone number is required"],
    ["phone", { phone: undefined }, "Phone number is required"],
    ["phone", { phone: "+23480" }, "Phone number must be between 8 and 15 characters"],
    ["phone", { phone: "+2348031234567890" }, "Phone number must be between 8 and 15 characters"],
    ["phone", { phone: "08031234567" }, "Please enter a valid phone number"],
    ["phone", { phone: "+234-803-1234" }, "Please enter a valid phone number"],
  ])("accept refuses a bad %s (%j) with '%s'", async (field, overrides, message) => {
    const { token } = await invited();
    const info: Record<string, unknown> = userInfo(overrides);
    if (overrides[field as keyof typeof overrides] === undefined) delete info[field];
    expectOnlyError(await new Client(s.app).post("/onboarding/invitation/accept", { token, user_info: info }), `user_info.${field}`, message);
    expect((await new Client(s.app).get(`/onboarding/invitation/${token}`)).status).toBe(200); // not spent
  });

  test("a new person accepts with their details, then signs in to the business with the invited role; the link is spent", async () => {
    const { email, token } = await invited();
    const c = new Client(s.app);
    const res = await c.post("/onboarding/invitation/accept", { token, user_info: userInfo() });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: "Invite accepted, you can now login", data: null });

    const signed = await login(email, "Inv1ted-Passw0rd!");
    expect(signed.status).toBe(200);
    expect(signed.body.data.user).toMatchObject({ email, first_name: "Efe", last_name: "Nwosu" });
    expect(signed.body.data.business.name).toBe("Demo Trading Ltd");
    expect(signed.body.data.roles).toEqual(["VIEWER"]);

    const again = await c.post("/onboarding/invitation/accept", { token, user_info: userInfo({ password: "Hijack-Passw0rd1!" }) });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(BAD_INVITE);
    expect((await c.get(`/onboarding/invitation/${token}`)).status).toBe(400);
    expect((await login(email, "Hijack-Passw0rd1!")).status).toBe(401);
  });

  test("an expired invitation is refused", async () => {
    const { token } = await invited();
    await expireToken(token);
    const c = new Client(s.app);
    const show = await c.get(`/onboarding/invitation/${token}`);
    expect(show.status).toBe(400);
    expect(show.body.message).toBe(BAD_INVITE);
    const accept = await c.post("/onboarding/invitation/accept", { token, user_info: userInfo() });
    expect(accept.status).toBe(400);
    expect(accept.body.message).toBe(BAD_INVITE);
  });

  test("an existing user invited to a second business sees their user id and accepts with just the token", async () => {
    const { client: own, input } = await signedUpClient(s.app);
    const me = await own.get("/session");
    const userId = me.body.data.user.id as string;
    const { token } = await invited(input.email, ["INITIATOR"]);

    const show = await new Client(s.app).get(`/onboarding/invitation/${token}`);
    expect(show.status).toBe(200);
    expect(show.body.data.business.name).toBe("Demo Trading Ltd");
    expect(show.body.data.user_id).toBe(userId);

    const res = await new Client(s.app).post("/onboarding/invitation/accept", { token });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Invite accepted, you can now login");

    // Their own password still signs them in; the link is spent.
    expect((await login(input.email, input.password)).status).toBe(200);
    expect((await new Client(s.app).post("/onboarding/invitation/accept", { token })).status).toBe(400);
    const [member] = await s.app.services.ctx.db
      .select()
      .from(businessUsers)
      .where(and(eq(businessUsers.businessId, demoBusinessId), eq(businessUsers.email, input.email)));
    expect(member).toMatchObject({ userId, state: "ACTIVE", roles: ["INITIATOR"] });
  });

  test("inviting with the OWNER role, or an unknown role, is refused with 400", async () => {
    const email = signUpInput().email;
    const owner = await admin.post("/users/invites", { email, position: "Boss", role: ["OWNER"] });
    expect(owner.status).toBe(400);
    expect(owner.body.message).toBe("Unknown or protected role: OWNER");
    expect(owner.body.errors).toEqual([{ path: "role", message: "Invalid role" }]);
    const mixed = await admin.post("/users/invites", { email, position: "Boss", role: ["VIEWER", "OWNER"] });
    expect(mixed.status).toBe(400);
    const unknown = await admin.post("/users/invites", { email, position: "Boss", role: ["SUPERUSER"] });
    expect(unknown.status).toBe(400);
    expect(await lastMail(s.app, email)).toBeUndefined();
  });

  test.each([
    ["email", { email: undefined }, "Email is required"],
    ["email", { email: "" }, "Email is required"],
    ["email", { email: "not-an-email" }, "Email is invalid"],
    ["position", { position: undefined }, "Position is required"],
    ["position", { position: " " }, "Position is required"],
    ["role", { role: [] }, "At least one role is required"],
    ["role", { role: undefined }, "At least one role is required"],
  ])("inviting refuses a bad %s (%j) with '%s'", async (field, overrides, message) => {
    const body: Record<string, unknown> = { email: signUpInput().email, position: "Analyst", role: ["VIEWER"], ...overrides };
    if (overrides[field as keyof typeof overrides] === undefined) delete body[field];
    expectOnlyError(await admin.post("/users/invites", body), field, message);
  });

  test("inviting the same email twice is refused with 409", async () => {
    const { email } = await invited();
    const again = await admin.post("/users/invites", { email, position: "Analyst", role: ["VIEWER"] });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("This email already belongs to a member or an invitation of this business");
  });

  test("a member without users_write (a VIEWER) cannot invite: 403", async () => {
    const viewer = await signedIn("viewer@demo.example");
    const email = signUpInput().email;
    const res = await viewer.post("/users/invites", { email, position: "Analyst", role: ["VIEWER"] });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: "You do not have permission to perform this action", errors: [] });
    expect(await lastMail(s.app, email)).toBeUndefined();
  });

  test("inviting without signing in is 401", async () => {
    const email = signUpInput().email;
    const res = await new Client(s.app).post("/users/invites", { email, position: "Analyst", role: ["VIEWER"] });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe("Please sign in to continue");
    expect(await lastMail(s.app, email)).toBeUndefined();
  });

  test("the owner of a new business can invite too", async () => {
    const { client: owner, input } = await signedUpClient(s.app);
    const email = signUpInput().email;
    const res = await owner.post("/users/invites", { email, position: "Bookkeeper", role: ["INITIATOR"] });
    expect(res.status).toBe(201);
    const token = tokenFromLink((await lastMail(s.app, email))!.links[0]);
    const show = await new Client(s.app).get(`/onboarding/invitation/${token}`);
    expect(show.body.data.business.name).toBe(input.business_name);
  });
});

/**
 * Sign-up and email verification (SPEC §5 Sign-up, §7 Auth: POST /onboarding/register and
 * /onboarding/verify-email), on a fresh database, with the SPEC's exact messages.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { expectOnlyError } from "../helpers/expect.ts";
import { Client, lastMail, signUpInput, startServer, tokenFromLink, type TestServer } from "../helpers/api.ts";
import { oneTimeTokens } from "../../src/server/db/schema/index.ts";
import { sha256 } from "../../src/server/services/crypto.ts";
import { PASSWORD_RULE_MESSAGE } from "../../resources/auth.ts";

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.close());

const register = (input: Record<string, unknown>) => new Client(s.app).post("/onboarding/register", input);

async function registered(overrides: Record<string, unknown> = {}) {
  const input = signUpInput(overrides);
  const res = await register(input);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const mail = await lastMail(s.app, input.email);
  const link = mail!.links.find((l) => l.includes("/email-verification/"))!;
  return { input, token: tokenFromLink(link) };
}

describe("POST /onboarding/register", () => {
  test("creates the account and emails a verification link", async () => {
    const input = signUpInput();
    const res = await register(input);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: "account created - verification email sent", data: null });

    const mail = await lastMail(s.app, input.email);
    expect(mail).toBeDefined();
    expect(mail!.subject).toBe("Verify your email address");
    expect(mail!.links).toHaveLength(1);
    expect(mail!.links[0]).toMatch(/\/email-verification\/[A-Za-z0-9_-]{20,}$/);
    expect(mail!.text).toContain(mail!.links[0]);
  });

  test("accepts every business type and every sign-up reason of the SPEC", async () => {
    for (const business_type of ["CORPORATION", "LLC", "PARTNERSHIP", "SOLE_PROPRIETORSHIP", "NON_PROFIT"]) {
      const res = await register(signUpInput({ business_type }));
      expect(res.status, business_type).toBe(201);
    }
    const res = await register(
      signUpInput({
        country: "GB",
        phone: "+447911123456",
        sign_up_reasons: ["NGN_BUSINESS_EXPENSE_ACCOUNTS", "GLOBAL_USD_GBP_EUR_ACCOUNTS", "VIRTUAL_ACCOUNTS_API", "TRADE_FINANCING"],
      }),
    );
    expect(res.status).toBe(201);
  });

  test.each([
    ["business_name", "Business name is required"],
    ["business_type", "Business type is required"],
    ["email", "Email is required"],
    ["password", "Password is required"],
    ["country", "Country is required"],
    ["first_name", "First name is required"],
    ["last_name", "Last name is required"],
    ["phone", "Phone number is required"],
    ["sign_up_reasons", "Please select at least one feature"],
  ])("refuses a missing %s with '%s'", async (field, message) => {
    const input: Record<string, unknown> = signUpInput();
    delete input[field];
    expectOnlyError(await register(input), field, message);
  });

  test.each([
    ["business_name", "   ", "Business name is required"],
    ["email", "", "Email is required"],
    ["first_name", "", "First name is required"],
    ["last_name", " ", "Last name is required"],
    ["phone", "", "Phone number is required"],
    ["phone", "   ", "Phone number is required"],
  ])("refuses a blank %s (%j) with '%s'", async (field, value, message) => {
    expectOnlyError(await register(signUpInput({ [field]: value })), field, message);
  });

  test("refuses every missing field at once, listing each", async () => {
    const res = await register({});
    expect(res.status).toBe(400);
    const paths = res.body.errors.map((e: { path: string }) => e.path).sort();
    expect(paths).toEqual(["business_name", "business_type", "country", "email", "first_name", "last_name", "password", "phone", "sign_up_reasons"].sort());
  });

  test.each(["not-an-email", "amaka@", "@example.com", "amaka@example", "amaka example@example.com"])(
    "refuses the invalid email %j with 'Email is invalid'",
    async (value) => {
      expectOnlyError(await register(signUpInput({ email: value })), "email", "Email is invalid");
    },
  );

  test("refuses a password shorter than 8 characters", async () => {
    expectOnlyError(await register(signUpInput({ password: "Ab1!xyz" })), "password", "Password must be at least 8 characters");
  });

  test.each([
    ["no lowercase letter", "STR0NG-PASSW0RD!"],
    ["no uppercase letter", "str0ng-passw0rd!"],
    ["no number", "Strong-Password!"],
    ["no special character", "Str0ngPassw0rd"],
  ])("refuses a password with %s with the strength rule message", async (_rule, password) => {
    expectOnlyError(await register(signUpInput({ password })), "password", PASSWORD_RULE_MESSAGE);
    expect(PASSWORD_RULE_MESSAGE).toBe("Password must contain at least 1 lowercase letter, 1 uppercase letter, 1 number, and 1 special character");
  });

  test.each([
    ["+23480", "Phone number must be between 8 and 15 characters"],
    ["+123456", "Phone number must be between 8 and 15 characters"],
    ["+2348031234567890", "Phone number must be between 8 and 15 characters"],
  ])("refuses the phone %j by length", async (phone, message) => {
    expectOnlyError(await register(signUpInput({ phone })), "phone", message);
  });

  test.each([
    ["08031234567", "no + and country code"],
    ["2348031234567", "no +"],
    ["+234 803 1234", "spaces"],
    ["+234803abc567", "letters"],
    ["+0348031234567", "country code starting with 0"],
  ])("refuses the phone %j (%s) with 'Please enter a valid phone number'", async (phone) => {
    expectOnlyError(await register(signUpInput({ phone })), "phone", "Please enter a valid phone number");
  });

  test("accepts the shortest and the longest valid phone numbers (8 and 15 characters)", async () => {
    expect((await register(signUpInput({ phone: "+1234567" }))).status).toBe(201);
    expect((await register(signUpInput({ phone: "+23480312345678" }))).status).toBe(201);
  });

  test("refuses an empty list of sign-up reasons with 'Please select at least one feature'", async () => {
    expectOnlyError(await register(signUpInput({ sign_up_reasons: [] })), "sign_up_reasons", "Please select at least one feature");
  });

  test("refuses an unknown sign-up reason", async () => {
    const res = await register(signUpInput({ sign_up_reasons: ["FREE_MONEY"] }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Please select at least one feature");
    expect(res.body.errors[0].path).toMatch(/^sign_up_reasons/);
  });

  test("refuses an unknown business type", async () => {
    expectOnlyError(await register(signUpInput({ business_type: "COOPERATIVE" })), "business_type", "Business type is required");
  });

  test("refuses an unknown country", async () => {
    expectOnlyError(await register(signUpInput({ country: "XX" })), "country", "Country is required");
  });

  test("refuses a second account for the same email, whatever its case, with 409", async () => {
    const { input } = await registered();
    const again = await register(signUpInput({ email: input.email.toUpperCase() }));
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: "An account with this email already exists", errors: [] });
  });
});

describe("POST /onboarding/verify-email", () => {
  test("an unverified user cannot sign in", async () => {
    const { input } = await registered();
    const c = new Client(s.app);
    const login = await c.post("/onboarding/login", { email: input.email, password: input.password });
    expect(login.status).toBe(403);
    expect(login.body.message).toBe("Please verify your email address before signing in");
    expect(login.headers["set-cookie"]).toBeUndefined();
    const check = await c.post("/onboarding/check-2fa", { email: input.email, password: input.password });
    expect(check.status).toBe(403);
    expect((await c.get("/session")).status).toBe(401);
  });

  test("verifies with the emailed link, after which the user signs in as owner of the new business", async () => {
    const { input, token } = await registered();
    const c = new Client(s.app);
    const res = await c.post("/onboarding/verify-email", { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: "Email verification Successful", data: null });

    const login = await c.post("/onboarding/login", { email: input.email, password: input.password });
    expect(login.status).toBe(200);
    expect(login.body.message).toBe("Login Successful");
    expect(login.body.data.user).toMatchObject({ email: input.email, first_name: input.first_name, last_name: input.last_name });
    expect(login.body.data.business.name).toBe(input.business_name);
    expect(login.body.data.roles).toEqual(["OWNER"]);
  });

  test("refuses a link used before", async () => {
    const { token } = await registered();
    const c = new Client(s.app);
    expect((await c.post("/onboarding/verify-email", { token })).status).toBe(200);
    const again = await c.post("/onboarding/verify-email", { token });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ message: "This verification link is invalid or has expired", errors: [] });
  });

  test("refuses an unknown token", async () => {
    const res = await new Client(s.app).post("/onboarding/verify-email", { token: "not-a-real-token-0123456789" });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("This verification link is invalid or has expired");
  });

  test("refuses a missing or empty token", async () => {
    const c = new Client(s.app);
    const missing = await c.post("/onboarding/verify-email", {});
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0].path).toBe("token");
    expect((await c.post("/onboarding/verify-email", { token: "" })).status).toBe(400);
  });

  test("refuses an expired link, and the user stays unverified", async () => {
    const { input, token } = await registered();
    await s.app.services.ctx.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.tokenHash, sha256(token)));
    const c = new Client(s.app);
    const res = await c.post("/onboarding/verify-email", { token });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("This verification link is invalid or has expired");
    const login = await c.post("/onboarding/login", { email: input.email, password: input.password });
    expect(login.status).toBe(403);
  });

  test("a verification token is not accepted as a password reset token", async () => {
    const { token } = await registered();
    const res = await new Client(s.app).post("/onboarding/password-reset/complete", { token, new_password: "N3w-Passw0rd!" });
    expect(res.status).toBe(400);
    // ...and it still verifies the email afterwards.
    expect((await new Client(s.app).post("/onboarding/verify-email", { token })).status).toBe(200);
  });
});

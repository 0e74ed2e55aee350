/**
 * Sign-in (SPEC §4 Login, §5 Login, §7 Auth: check-2fa, otp-code, login) and the session it opens:
 * the cookie, rotation at login, logout, idle expiry, throttling of failed attempts and CSRF.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { expectOnlyError } from "../helpers/expect.ts";
import { Client, lastMail, setTwoFactor, signedUpClient, signUpInput, startServer, type TestServer } from "../helpers/api.ts";
import { oneTimeTokens, sessions, signInAudit } from "../../src/server/db/schema/index.ts";
import { sha256 } from "../../src/server/services/crypto.ts";
import { DEMO_PASSWORD, seedDemo } from "../../src/server/seed/demo.ts";

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
  await seedDemo(s.app.services);
});
afterAll(() => s.close());

const THROTTLED = "Too many failed sign-in attempts. Please try again in 15 minutes.";

/** Each test that fails sign-ins comes from its own address, so the per-IP throttle of one never touches another. */
let ipCounter = 0;
const freshIp = () => {
  ipCounter++;
  return `10.1.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
};
const client = (ip = freshIp()) => new Client(s.app, ip);

type Res = Awaited<ReturnType<Client["post"]>>;

/** The session cookie a response set, as the browser would read the Set-Cookie header. */
function setCookie(res: Res): string | undefined {
  const raw = res.headers["set-cookie"];
  const all = Array.isArray(raw) ? raw : raw ? [String(raw)] : [];
  return all.find((c) => /^(__Host-)?sid=/.test(c));
}

/** A client that presents only the given session cookie (and its CSRF token, if known). */
function holding(cookie: string, csrf?: string, ip = freshIp()) {
  const c = new Client(s.app, ip);
  c.cookies.set("sid", cookie);
  c.csrf = csrf;
  return c;
}

/** A verified user with 2FA turned on through the API, signed out again. */
async function twoFactorUser() {
  const { client: c, input } = await signedUpClient(s.app);
  const me = await c.get("/session");
  const on = await setTwoFactor(s.app, c, true);
  expect(on.status).toBe(200);
  expect(on.body.message).toBe("Two Factor authentication enabled");
  expect((await c.post("/session/logout")).status).toBe(200);
  return { input, userId: me.body.data.user.id as string };
}

describe("POST /onboarding/login", () => {
  test("signs in, sets an httpOnly SameSite session cookie and returns the session", async () => {
    const { input } = await signedUpClient(s.app);
    const c = client();
    const res = await c.post("/onboarding/login", { email: input.email, password: input.password });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Login Successful");
    expect(res.body.data.user.email).toBe(input.email);
    expect(res.body.data.business.name).toBe(input.business_name);
    expect(res.body.data.csrf_token).toEqual(expect.any(String));

    const cookie = setCookie(res)!;
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
    expect(cookie).toMatch(/; Path=\//i);
    expect(cookie).not.toMatch(/; Secure/i); // plain http in tests
    expect(cookie).not.toContain(input.password);

    const me = await c.get("/session");
    expect(me.status).toBe(200);
    expect(me.body.data.user.email).toBe(input.email);
    expect(me.body.data.roles).toEqual(["OWNER"]);
    expect(me.body.data.csrf_token).toBe(res.body.data.csrf_token);
  });

  test("the session carries the policy's answers for this member: what they may do now, and once KYB is approved", async () => {
    const signIn = async (email: string) => {
      const c = client();
      expect((await c.post("/onboarding/login", { email, password: DEMO_PASSWORD })).status).toBe(200);
      return (await c.get("/session")).body.data;
    };
    const owner = await signIn("owner@demo.example");
    const viewer = await signIn("viewer@demo.example");
    const pending = await signIn("onboarding@demo.example");
    expect(owner.grants["page:/payments/send/money"]).toEqual(["view"]);
    expect(owner.grants.payments).toEqual(["create", "retry"]);
    expect(owner.grants.beneficiaries).toEqual(["check", "create", "delete", "edit", "list", "show"]);
    expect(viewer.grants["page:/payments/send/money"]).toBeUndefined();
    expect(viewer.grants.payments).toBeUndefined();
    expect(viewer.grants.beneficiaries).toEqual(["list", "show"]);
    // KYB in review: money screens are not open yet, but would be once approved (shown as locked).
    expect(pending.grants["page:/payments/send/money"]).toBeUndefined();
    expect(pending.grants_once_verified["page:/payments/send/money"]).toEqual(["view"]);
  });

  test("behind TLS the cookie is Secure and __Host- prefixed", async () => {
    const tls = await startServer({ publicUrl: "https://bank.example" });
    try {
      const { input } = await signedUpClient(tls.app);
      const res = await new Client(tls.app).post("/onboarding/login", { email: input.email, password: input.password });
      expect(res.status).toBe(200);
      const raw = res.headers["set-cookie"];
      const cookie = (Array.isArray(raw) ? raw : [String(raw)]).find((c) => c.startsWith("__Host-sid="))!;
      expect(cookie).toBeDefined();
      expect(cookie).toMatch(/; Secure/i);
      expect(cookie).toMatch(/; HttpOnly/i);
      expect(cookie).toMatch(/; SameSite=Lax/i);
    } finally {
      await tls.close();
    }
  });

  test("accepts the email in any case and with surrounding spaces", async () => {
    const { input } = await signedUpClient(s.app);
    const res = await client().post("/onboarding/login", { email: `  ${input.email.toUpperCase()} `, password: input.password });
    expect(res.status).toBe(200);
    expect(res.body.data.user.email).toBe(input.email);
  });

  test("refuses a wrong password with 401 'Invalid email or password' and sets no cookie", async () => {
    const { input } = await signedUpClient(s.app);
    const c = client();
    const res = await c.post("/onboarding/login", { email: input.email, password: "Wr0ng-Passw0rd!" });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: "Invalid email or password", errors: [] });
    expect(setCookie(res)).toBeUndefined();
    expect((await c.get("/session")).status).toBe(401);
  });

  test("answers an unknown email exactly like a wrong password", async () => {
    const res = await client().post("/onboarding/login", { email: "nobody@example.com", password: "Wr0ng-Passw0rd!" });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: "Invalid email or password", errors: [] });
  });

  test("GET /session without a cookie is 401 'Please sign in to continue'", async () => {
    const res = await client().get("/session");
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: "Please sign in to continue", errors: [] });
  });

  test.each([
    ["email", { password: "Str0ng-Passw0rd!" }, "Email is required"],
    ["email", { email: "", password: "Str0ng-Passw0rd!" }, "Email is required"],
    ["email", { email: "not-an-email", password: "Str0ng-Passw0rd!" }, "Email is invalid"],
    ["password", { email: "a@example.com" }, "Password is required"],
    ["password", { email: "a@example.com", password: "short1!" }, "Password must be at least 8 characters"],
    ["otp", { email: "a@example.com", password: "Str0ng-Passw0rd!", otp: "12345" }, "Incomplete code"],
    ["otp", { email: "a@example.com", password: "Str0ng-Passw0rd!", otp: "1234567" }, "Incomplete code"],
    ["otp", { email: "a@example.com", password: "Str0ng-Passw0rd!", otp: "12a456" }, "Incomplete code"],
  ])("refuses a bad %s: %j -> '%s'", async (path, body, message) => {
    expectOnlyError(await client().post("/onboarding/login", body), path, message);
  });

  test("bad input is not counted as a failed sign-in", async () => {
    const { input } = await signedUpClient(s.app);
    const ip = freshIp();
    for (let i = 0; i < 6; i++) {
      expect((await client(ip).post("/onboarding/login", { email: input.email, password: "short" })).status).toBe(400);
    }
    expect((await client(ip).post("/onboarding/login", { email: input.email, password: input.password })).status).toBe(200);
  });
});

describe("two-factor sign-in (check-2fa, otp-code, login with otp)", () => {
  test("check-2fa says 2FA is off for a new user, with no token", async () => {
    const { input } = await signedUpClient(s.app);
    const res = await client().post("/onboarding/check-2fa", { email: input.email, password: input.password });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ "2faEnabled": false, token: null });
    expect(setCookie(res)).toBeUndefined();
  });

  test("check-2fa refuses wrong credentials and bad input", async () => {
    const { input } = await signedUpClient(s.app);
    const wrong = await client().post("/onboarding/check-2fa", { email: input.email, password: "Wr0ng-Passw0rd!" });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe("Invalid email or password");
    expectOnlyError(await client().post("/onboarding/check-2fa", { email: "x@", password: "Str0ng-Passw0rd!" }), "email", "Email is invalid");
    expectOnlyError(
      await client().post("/onboarding/check-2fa", { email: input.email, password: "1234567" }),
      "password",
      "Password must be at least 8 characters",
    );
  });

  test("the demo approver has 2FA on and cannot sign in without the emailed code", async () => {
    const c = client();
    const check = await c.post("/onboarding/check-2fa", { email: "approver@demo.example", password: DEMO_PASSWORD });
    expect(check.status).toBe(200);
    expect(check.body.data["2faEnabled"]).toBe(true);
    const login = await c.post("/onboarding/login", { email: "approver@demo.example", password: DEMO_PASSWORD });
    expect(login.status).toBe(401);
    expect((await c.get("/session")).status).toBe(401);
  });

  test("the full flow: check-2fa, emailed 6-digit code, refused without or with a wrong code, accepted with it, single use", async () => {
    const { input } = await twoFactorUser();
    const c = client();

    const check = await c.post("/onboarding/check-2fa", { email: input.email, password: input.password });
    expect(check.status).toBe(200);
    expect(check.body.data["2faEnabled"]).toBe(true);
    expect(check.body.data.token).toEqual(expect.any(String));
    expect(check.body.data.token.length).toBeGreaterThanOrEqual(20);

    const sent = await c.post("/onboarding/otp-code", { email: input.email, token: check.body.data.token });
    expect(sent.status).toBe(200);
    expect(sent.body.message).toBe("Verification code sent");
    const mail = await lastMail(s.app, input.email);
    expect(mail!.subject).toBe("Your sign-in code");
    expect(mail!.codes).toHaveLength(1);
    const code = mail!.codes[0];
    expect(code).toMatch(/^\d{6}$/);
    expect(mail!.text).toContain(code);

    const withoutOtp = await c.post("/onboarding/login", { email: input.email, password: input.password });
    expect(withoutOtp.status).toBe(401);
    expect(withoutOtp.body).toEqual({
      message: "Enter the verification code sent to your email",
      errors: [{ path: "otp", message: "Enter the verification code" }],
    });
    expect(setCookie(withoutOtp)).toBeUndefined();

    const wrongCode = code === "000000" ? "111111" : "000000";
    const withWrong = await c.post("/onboarding/login", { email: input.email, password: input.password, otp: wrongCode });
    expect(withWrong.status).toBe(401);
    expect(withWrong.body.message).toBe("Invalid or expired verification code");
    expect(withWrong.body.errors).toEqual([{ path: "otp", message: "Invalid or expired verification code" }]);
    expect(setCookie(withWrong)).toBeUndefined();

    const withCode = await c.post("/onboarding/login", { email: input.email, password: input.password, otp: code });
    expect(withCode.status).toBe(200);
    expect(withCode.body.message).toBe("Login Successful");
    expect(setCookie(withCode)).toBeDefined();
    expect((await c.get("/session")).body.data.user.email).toBe(input.email);

    const reused = await client().post("/onboarding/login", { email: input.email, password: input.password, otp: code });
    expect(reused.status).toBe(401);
    expect(reused.body.message).toBe("Invalid or expired verification code");
  });

  test("the right code with a wrong password is refused", async () => {
    const { input } = await twoFactorUser();
    const c = client();
    const check = await c.post("/onboarding/check-2fa", { email: input.email, password: input.password });
    await c.post("/onboarding/otp-code", { email: input.email, token: check.body.data.token });
    const code = (await lastMail(s.app, input.email))!.codes[0];
    const res = await c.post("/onboarding/login", { email: input.email, password: "Wr0ng-Passw0rd!", otp: code });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe("Invalid email or password");
    // The code was not spent by that attempt.
    expect((await c.post("/onboarding/login", { email: input.email, password: input.password, otp: code })).status).toBe(200);
  });

  test("a second code within 60 seconds is refused with 429 and the wait; the first code still works", async () => {
    const { input } = await twoFactorUser();
    const c = client();
    const check = await c.post("/onboarding/check-2fa", { email: input.email, password: input.password });
    const token = check.body.data.token;
    expect((await c.post("/onboarding/otp-code", { email: input.email, token })).status).toBe(200);
    const code = (await lastMail(s.app, input.email))!.codes[0];

    const again = await c.post("/onboarding/otp-code", { email: input.email, token });
    expect(again.status).toBe(429);
    expect(again.body.message).toMatch(/^Please wait (\d+) seconds before requesting another code$/);
    const wait = Number(/(\d+)/.exec(again.body.message)![1]);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(Number(again.headers["retry-after"])).toBe(wait);
    expect((await lastMail(s.app, input.email))!.codes).toEqual([code]); // no second email

    expect((await c.post("/onboarding/login", { email: input.email, password: input.password, otp: code })).status).toBe(200);
  });

  test("otp-code needs the check-2fa token for that very email", async () => {
    const { input } = await twoFactorUser();
    const other = await twoFactorUser();
    const c = client();
    const check = await c.post("/onboarding/check-2fa", { email: input.email, password: input.password });

    const noToken = await c.post("/onboarding/otp-code", { email: input.email });
    expect(noToken.status).toBe(401);
    expect(noToken.body.message).toBe("Sign in with your password first");

    const bogus = await c.post("/onboarding/otp-code", { email: input.email, token: "made-up-token" });
    expect(bogus.status).toBe(401);
    expect(bogus.body.message).toBe("Your sign-in has expired. Please sign in again");

    const otherEmail = await c.post("/onboarding/otp-code", { email: other.input.email, token: check.body.data.token });
    expect(otherEmail.status).toBe(401);
    expect(await lastMail(s.app, other.input.email)).not.toMatchObject({ subject: "Your sign-in code" });

    expectOnlyError(await c.post("/onboarding/otp-code", { email: "nope", token: check.body.data.token }), "email", "Email is invalid");
  });

  test("an expired pre-auth token sends no code", async () => {
    const { input } = await twoFactorUser();
    const c = client();
    const check = await c.post("/onboarding/check-2fa", { email: input.email, password: input.password });
    const token = check.body.data.token as string;
    await s.app.services.ctx.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.tokenHash, sha256(token)));
    const res = await c.post("/onboarding/otp-code", { email: input.email, token });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe("Your sign-in has expired. Please sign in again");
  });

  test("an expired code is refused", async () => {
    const { input, userId } = await twoFactorUser();
    const c = client();
    const check = await c.post("/onboarding/check-2fa", { email: input.email, password: input.password });
    await c.post("/onboarding/otp-code", { email: input.email, token: check.body.data.token });
    const code = (await lastMail(s.app, input.email))!.codes[0];
    await s.app.services.ctx.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, "login_code")));
    const res = await c.post("/onboarding/login", { email: input.email, password: input.password, otp: code });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe("Invalid or expired verification code");
  });
});

describe("the session", () => {
  test("gets a new id at login: the cookie changes and the old one stops working", async () => {
    const { input } = await signedUpClient(s.app);
    const c = client();
    const first = await c.post("/onboarding/login", { email: input.email, password: input.password });
    const oldCookie = c.cookies.get("sid")!;
    const oldCsrf = first.body.data.csrf_token as string;
    expect(oldCookie).toBeTruthy();
    expect((await holding(oldCookie).get("/session")).status).toBe(200);

    const second = await c.post("/onboarding/login", { email: input.email, password: input.password });
    expect(second.status).toBe(200);
    const newCookie = c.cookies.get("sid")!;
    expect(newCookie).toBeTruthy();
    expect(newCookie).not.toBe(oldCookie);
    expect(second.body.data.csrf_token).not.toBe(oldCsrf);

    expect((await c.get("/session")).status).toBe(200);
    const stale = await holding(oldCookie).get("/session");
    expect(stale.status).toBe(401);
    expect(stale.body.message).toBe("Please sign in to continue");
  });

  test("a cookie planted before sign-in is never adopted as the session", async () => {
    const { input } = await signedUpClient(s.app);
    const planted = "attacker-chosen-session-id-0123456789";
    const c = holding(planted);
    const res = await c.post("/onboarding/login", { email: input.email, password: input.password });
    expect(res.status).toBe(200);
    expect(c.cookies.get("sid")).not.toBe(planted);
    expect((await holding(planted).get("/session")).status).toBe(401);
  });

  test("logout ends this session only and clears the cookie", async () => {
    const { input } = await signedUpClient(s.app);
    const a = client();
    const b = client();
    await a.post("/onboarding/login", { email: input.email, password: input.password });
    await b.post("/onboarding/login", { email: input.email, password: input.password });
    const cookie = a.cookies.get("sid")!;

    const out = await a.post("/session/logout");
    expect(out.status).toBe(200);
    expect(out.body.message).toBe("Logged out");
    expect(setCookie(out)).toMatch(/^sid=;/);
    expect(a.cookies.has("sid")).toBe(false);

    expect((await holding(cookie).get("/session")).status).toBe(401);
    expect((await a.get("/session")).status).toBe(401);
    expect((await b.get("/session")).status).toBe(200);
  });

  test("an idle session expires", async () => {
    const { client: c } = await signedUpClient(s.app);
    const cookie = c.cookies.get("sid")!;
    await s.app.services.ctx.db
      .update(sessions)
      .set({ lastActivityAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(sessions.id, sha256(cookie)));
    expect((await c.get("/session")).status).toBe(401);
  });
});

describe("throttling of failed sign-ins", () => {
  test("after 5 failures for one account from one address the 6th attempt from there is 429, even with the right password; elsewhere the account signs in", async () => {
    const { input } = await signedUpClient(s.app);
    const ip = freshIp();
    for (let i = 0; i < 5; i++) {
      const res = await client(ip).post("/onboarding/login", { email: input.email, password: `Wr0ng-Passw0rd!${i}` });
      expect(res.status, `attempt ${i + 1}`).toBe(401);
    }
    const sixth = await client(ip).post("/onboarding/login", { email: input.email, password: input.password });
    expect(sixth.status).toBe(429);
    expect(sixth.body).toEqual({ message: THROTTLED, errors: [] });
    expect(sixth.headers["retry-after"]).toBe("900");
    expect(setCookie(sixth)).toBeUndefined();
    expect((await client(ip).post("/onboarding/check-2fa", { email: input.email, password: input.password })).status).toBe(429);

    // The lock is of that (account, address) pair: the owner elsewhere is not locked out (tests/api/trust-sessions.test.ts).
    expect((await client().post("/onboarding/login", { email: input.email, password: input.password })).status).toBe(200);

    // The address itself is not locked: another account signs in from it.
    const other = await signedUpClient(s.app);
    expect((await client(ip).post("/onboarding/login", { email: other.input.email, password: other.input.password })).status).toBe(200);
  });

  test("failures through check-2fa and wrong codes count too", async () => {
    const { input } = await twoFactorUser();
    const ip = freshIp();
    for (let i = 0; i < 3; i++) {
      expect((await client(ip).post("/onboarding/check-2fa", { email: input.email, password: "Wr0ng-Passw0rd!" })).status).toBe(401);
    }
    for (let i = 0; i < 2; i++) {
      const res = await client(ip).post("/onboarding/login", { email: input.email, password: input.password, otp: "000000" });
      expect(res.status).toBe(401);
    }
    const res = await client(ip).post("/onboarding/check-2fa", { email: input.email, password: input.password });
    expect(res.status).toBe(429);
    expect(res.body.message).toBe(THROTTLED);
  });

  test("the lock lifts once the failures are older than 15 minutes", async () => {
    const { input } = await signedUpClient(s.app);
    const ip = freshIp();
    for (let i = 0; i < 5; i++) await client(ip).post("/onboarding/login", { email: input.email, password: "Wr0ng-Passw0rd!" });
    expect((await client(ip).post("/onboarding/login", { email: input.email, password: input.password })).status).toBe(429);
    await s.app.services.ctx.db
      .update(signInAudit)
      .set({ createdAt: new Date(Date.now() - 16 * 60_000) })
      .where(eq(signInAudit.email, input.email));
    expect((await client(ip).post("/onboarding/login", { email: input.email, password: input.password })).status).toBe(200);
  });

  test("after 20 failures from one address across different emails, that address is refused with 429", async () => {
    const victim = await signedUpClient(s.app);
    const ip = freshIp();
    for (let i = 0; i < 20; i++) {
      const res = await client(ip).post("/onboarding/login", { email: signUpInput().email, password: "Wr0ng-Passw0rd!" });
      expect(res.status, `attempt ${i + 1}`).toBe(401);
    }
    const blocked = await client(ip).post("/onboarding/login", { email: victim.input.email, password: victim.input.password });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe(THROTTLED);

    // The account itself is not locked: from another address it signs in.
    expect((await client().post("/onboarding/login", { email: victim.input.email, password: victim.input.password })).status).toBe(200);
  });
});

describe("CSRF protection of cookie-authenticated writes", () => {
  const invite = (email: string) => ({ email, position: "Analyst", role: ["VIEWER"] });

  test("POST /users/invites: refused without the token, with a wrong one, from a foreign origin; accepted with the right one", async () => {
    const { client: owner } = await signedUpClient(s.app);
    const csrf = owner.csrf!;
    expect(csrf).toBeTruthy();
    const email = signUpInput().email;

    owner.csrf = undefined;
    const missing = await owner.post("/users/invites", invite(email));
    expect(missing.status).toBe(403);
    expect(missing.body).toEqual({ message: "Invalid or missing CSRF token", errors: [] });
    owner.csrf = csrf;

    const wrong = await owner.post("/users/invites", invite(email), { "x-csrf-token": "not-the-token" });
    expect(wrong.status).toBe(403);
    expect(wrong.body.message).toBe("Invalid or missing CSRF token");

    const { client: stranger } = await signedUpClient(s.app);
    const othersToken = await owner.post("/users/invites", invite(email), { "x-csrf-token": stranger.csrf! });
    expect(othersToken.status).toBe(403);

    const foreign = await owner.post("/users/invites", invite(email), { origin: "https://evil.example" });
    expect(foreign.status).toBe(403);
    expect(foreign.body.message).toBe("Cross-site request refused");

    const nullOrigin = await owner.post("/users/invites", invite(email), { origin: "null" });
    expect(nullOrigin.status).toBe(403);

    expect(await lastMail(s.app, email)).toBeUndefined(); // nothing was sent by the refused writes

    const right = await owner.post("/users/invites", invite(email));
    expect(right.status).toBe(201);
    expect(right.body.message).toBe("Invite created successfully");
    expect((await lastMail(s.app, email))!.subject).toMatch(/^You have been invited to /);
  });

  test("a same-origin request with the token is accepted", async () => {
    const { client: owner } = await signedUpClient(s.app);
    const res = await owner.post("/users/invites", invite(signUpInput().email), { host: "bank.example", origin: "http://bank.example" });
    expect(res.status).toBe(201);
  });

  test("POST /settings/security/mfa without the token is refused and changes nothing", async () => {
    const { client: c, input } = await signedUpClient(s.app);
    const csrf = c.csrf;
    c.csrf = undefined;
    expect((await c.post("/settings/security/mfa/code")).status).toBe(403);
    expect((await c.post("/settings/security/mfa", { otp_code: "123456" })).status).toBe(403);
    c.csrf = csrf;
    const check = await client().post("/onboarding/check-2fa", { email: input.email, password: input.password });
    expect(check.body.data["2faEnabled"]).toBe(false);

    const on = await setTwoFactor(s.app, c, true);
    expect(on.status).toBe(200);
    const after = await client().post("/onboarding/check-2fa", { email: input.email, password: input.password });
    expect(after.body.data["2faEnabled"]).toBe(true);
  });

  test("reads need no token", async () => {
    const { client: c } = await signedUpClient(s.app);
    c.csrf = undefined;
    expect((await c.get("/session")).status).toBe(200);
  });

  test("a cross-site sign-in POST is refused", async () => {
    const { input } = await signedUpClient(s.app);
    const res = await client().post("/onboarding/login", { email: input.email, password: input.password }, { origin: "https://evil.example" });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe("Cross-site request refused");
    expect(setCookie(res)).toBeUndefined();
  });
});

describe("sign-in codes across sign-ins", () => {
  test("once a code has been used, the next sign-in gets its own code at once; an unused one still waits 60 s", async () => {
    const { client: owner, input } = await signedUpClient(s.app);
    expect((await setTwoFactor(s.app, owner, true)).status).toBe(200);
    const signIn = async () => {
      const c = client();
      const check = await c.post("/onboarding/check-2fa", { email: input.email, password: input.password });
      return { c, sent: await c.post("/onboarding/otp-code", { email: input.email, token: check.body.data.token }) };
    };
    const first = await signIn();
    expect(first.sent.status).toBe(200);
    const code = (await lastMail(s.app, input.email))!.codes[0];
    expect((await first.c.post("/onboarding/login", { email: input.email, password: input.password, otp: code })).status).toBe(200);
    const second = await signIn();
    expect([second.sent.status, second.sent.body.message]).toEqual([200, "Verification code sent"]);
    const third = await signIn();
    expect(third.sent.status).toBe(429);
  });
});

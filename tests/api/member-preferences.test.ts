/**
 * A member's language, number format and time zone (issue 30): in the session's user (null: the
 * browser's), changed by the member through PATCH /settings/profile, validated with clear messages,
 * and only ever their own.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Client, lastMail, memberOf, signedUpClient, startServer, type TestServer } from "../helpers/api.ts";

let s: TestServer;
let owner: Client;

beforeAll(async () => {
  s = await startServer();
  owner = (await signedUpClient(s.app, {}, { verified: false })).client;
});
afterAll(() => s.close());

const prefsOf = async (c: Client) => {
  const { locale, number_format, time_zone } = (await c.get("/session")).body.data.user;
  return { locale, number_format, time_zone };
};
const errorOf = (body: { message: string; errors?: { path: string; message: string }[] }) => body.errors?.map((e) => e.message).join("; ") ?? body.message;

describe("member preferences", () => {
  test("start as the browser's (null) and are changed, partly, by the member; null gives them back to the browser", async () => {
    expect(await prefsOf(owner)).toEqual({ locale: null, number_format: null, time_zone: null });

    const set = await owner.patch("/settings/profile", { locale: "fr", number_format: "fr-FR", time_zone: "Europe/Paris" });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body).toMatchObject({ message: "Preferences updated", data: { locale: "fr", number_format: "fr-FR", time_zone: "Europe/Paris" } });
    expect(await prefsOf(owner)).toEqual({ locale: "fr", number_format: "fr-FR", time_zone: "Europe/Paris" });
    // The current-session answer the console reads on every load says the same.
    expect((await owner.get("/session/current")).body.data.user).toMatchObject({ locale: "fr", number_format: "fr-FR", time_zone: "Europe/Paris" });

    // Only what is sent changes.
    expect((await owner.patch("/settings/profile", { number_format: "de-CH" })).status).toBe(200);
    expect(await prefsOf(owner)).toEqual({ locale: "fr", number_format: "de-CH", time_zone: "Europe/Paris" });

    // A zone is stored as the engine names it.
    expect((await owner.patch("/settings/profile", { time_zone: "america/new_york" })).body.data.time_zone).toBe("America/New_York");
    expect((await owner.patch("/settings/profile", { time_zone: "UTC" })).body.data.time_zone).toBe("UTC");

    expect((await owner.patch("/settings/profile", { locale: null, number_format: null, time_zone: null })).status).toBe(200);
    expect(await prefsOf(owner)).toEqual({ locale: null, number_format: null, time_zone: null });
  });

  test("refuses a language, number format or zone it does not know, with a 400 that says what is allowed", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ locale: "xx" }, "Language must be one of en, fr, de"],
      [{ locale: "fr-FR" }, "Language must be one of en, fr, de"],
      [{ number_format: "hi-IN" }, "Number format must be one of en-US, en-GB, fr-FR, de-DE, de-CH"],
      [{ time_zone: "Mars/Olympus_Mons" }, 'Time zone must be an IANA time zone such as Europe/Paris, not "Mars/Olympus_Mons"'],
      [{ time_zone: "+01:00" }, 'Time zone must be an IANA time zone such as Europe/Paris, not "+01:00"'],
      [{ time_zone: 60 }, "Time zone must be an IANA time zone such as Europe/Paris"],
    ];
    for (const [body, message] of cases) {
      const res = await owner.patch("/settings/profile", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(errorOf(res.body), JSON.stringify(body)).toContain(message);
    }
    expect(await prefsOf(owner)).toEqual({ locale: null, number_format: null, time_zone: null });
  });

  test("a member changes only their own: naming someone else is refused, and nobody else's change reaches them", async () => {
    const viewer = await memberOf(s.app, owner, "VIEWER");
    const ownerId = (await owner.get("/session")).body.data.user.id as string;

    // There is no id to aim at another member: a body naming one is refused as a whole.
    const aimed = await viewer.patch("/settings/profile", { user_id: ownerId, locale: "de" });
    expect(aimed.status).toBe(400);
    expect(await prefsOf(owner)).toEqual({ locale: null, number_format: null, time_zone: null });
    expect((await viewer.request("PATCH", `/users/${ownerId}/profile`, { locale: "de" })).status).toBe(404);

    // The viewer's own change is theirs alone.
    expect((await viewer.patch("/settings/profile", { locale: "de", time_zone: "Europe/Zurich" })).status).toBe(200);
    expect(await prefsOf(viewer)).toEqual({ locale: "de", number_format: null, time_zone: "Europe/Zurich" });
    expect(await prefsOf(owner)).toEqual({ locale: null, number_format: null, time_zone: null });

    // Nor may an API key change its maker's: a key is nobody's console.
    const key = await owner.post("/api-keys", { name: "Reports", description: "Read only", grants: ["statements_read"] });
    expect(key.status, JSON.stringify(key.body)).toBe(201);
    const byKey = await new Client(s.app).request("PATCH", "/settings/profile", { locale: "fr" }, { authorization: `Bearer ${key.body.data.api_key}` });
    expect(byKey.status).toBe(403);
    expect(await prefsOf(owner)).toEqual({ locale: null, number_format: null, time_zone: null });

    // A signed-out visitor changes nobody's.
    expect((await new Client(s.app).patch("/settings/profile", { locale: "fr" })).status).toBe(401);
  });

  test("emails reach each member in their language and number format; a business destination and others as before", async () => {
    const { client: boss, input } = await signedUpClient(s.app);
    const businessId = (await boss.get("/session")).body.data.business.id as string;
    const everything = { inbound_outbound_transfers: true, fx_conversions: true, invoice_payments: true, account_updates: true };
    expect((await boss.patch("/settings/user-notifications", everything)).status).toBe(200);
    expect((await boss.post("/settings/business-notifications", { email: "finance@acme.example" })).status).toBe(201);
    const colleague = await memberOf(s.app, boss, "VIEWER");
    expect((await colleague.patch("/settings/user-notifications", everything)).status).toBe(200);
    const colleagueEmail = (await colleague.get("/session")).body.data.user.email as string;
    expect((await colleague.patch("/settings/profile", { locale: "fr", number_format: "de-CH" })).status).toBe(200);
    expect((await boss.patch("/settings/profile", { number_format: "fr-FR" })).status).toBe(200);

    const acct = await s.app.services.ctx.db.transaction((tx) => s.app.services.accounts.open(tx, businessId, "USD", { holderName: "Acme" }));
    const identifier = String(acct.deposit_addresses[0].data.account_number);
    const paid = await new Client(s.app).post(
      "/sandbox/deposits",
      { identifier, currency: "USD", amount: "123456789", sender_name: "Sahel Foods Ltd" },
      { "idempotency-key": crypto.randomUUID() },
    );
    expect(paid.status).toBe(201);
    // French, in the Swiss number format the colleague chose (the apostrophe is ASCII or typographic by ICU version).
    const fr = await lastMail(s.app, colleagueEmail);
    expect(fr?.subject).toMatch(/^Vous avez reçu 1['’]234['’]567\.89 USD$/);
    expect(fr?.text).toMatch(/^Sahel Foods Ltd a envoyé 1['’]234['’]567\.89 USD sur votre /);
    // English (no translation chosen), in the owner's French number format.
    expect((await lastMail(s.app, input.email))?.subject).toBe("You received 1\u202f234\u202f567,89 USD");
    // A business destination is nobody's member: as it always was.
    expect((await lastMail(s.app, "finance@acme.example"))?.subject).toBe("You received 1,234,567.89 USD");
  });
});

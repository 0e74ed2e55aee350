/**
 * Web security that a client or an attacker with a copy of the logs or the database would notice
 * (issue 13): passwords hashed with argon2id at OWASP's minimum or more; a session ends at its
 * absolute lifetime however active it is; credentials (passwords, session cookies, API keys,
 * emailed tokens and codes, webhook secrets) appear in no log line and in no table in plain text.
 * Cookies, CSRF, throttling, headers and session rotation: auth-login.test.ts and platform.test.ts.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildApp } from "../../src/server/app.ts";
import { testConfig } from "../../src/server/config.ts";
import type { Database } from "../../src/server/db/client.ts";
import { users } from "../../src/server/db/schema/index.ts";
import { Client, lastMail, signedUpClient, startServer, tokenFromLink } from "../helpers/api.ts";
import { freshDatabase } from "../helpers/database.ts";
import { generateWebhookSecret } from "../../resources/developers.ts";

test("passwords are stored as argon2id with at least m=19456 KiB, t=2, p=1", async () => {
  const s = await startServer();
  try {
    const { input } = await signedUpClient(s.app, {}, { verified: false });
    const [row] = await s.database.db.select({ hash: users.passwordHash }).from(users).where(eq(users.email, input.email));
    const m = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/.exec(row.hash);
    expect(m, row.hash).not.toBeNull();
    const [memory, time, lanes] = m!.slice(1).map(Number);
    expect(memory).toBeGreaterThanOrEqual(19456);
    expect(time).toBeGreaterThanOrEqual(2);
    expect(lanes).toBeGreaterThanOrEqual(1);
    expect(row.hash).not.toContain(input.password);
  } finally {
    await s.close();
  }
});

test("a session ends at its absolute lifetime even while it is being used", async () => {
  const s = await startServer({ sessionAbsoluteHours: 2 / 3600 }); // two seconds
  try {
    const { client } = await signedUpClient(s.app, {}, { verified: false });
    expect((await client.get("/session")).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1000));
    expect((await client.get("/session")).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1200));
    const after = await client.get("/session");
    expect([after.status, after.body.message]).toEqual([401, "Please sign in to continue"]);
  } finally {
    await s.close();
  }
});

describe("credentials never appear in logs or in the database", () => {
  let database: Database;
  let app: Awaited<ReturnType<typeof buildApp>>;
  const lines: string[] = [];
  const secrets = new Map<string, string>();

  beforeAll(async () => {
    database = await freshDatabase();
    app = await buildApp({
      config: testConfig({ logLevel: "info", rateLimitPerMinute: 100_000 }),
      database,
      mailDispatcher: false,
      logStream: { write: (l) => void lines.push(l) },
    });
    await app.ready();

    // Everything a person and an integration do that carries a secret.
    const { client: owner, input } = await signedUpClient(app);
    secrets.set("password", input.password);
    secrets.set("session cookie", owner.cookies.get("sid")!);
    const key = (await owner.post("/api-keys", { name: "Logs", grants: ["statements_read"] })).body.data.api_key as string;
    secrets.set("API key", key);
    expect((await new Client(app).get("/statements", { authorization: `Bearer ${key}` })).status).toBe(200);
    const secret = generateWebhookSecret((n) => crypto.getRandomValues(new Uint8Array(n)));
    secrets.set("webhook secret", secret);
    expect(
      (await owner.post("/iris/v1/client-webhooks", { url: "https://hooks.example.com/in", secret, enabled_events: ["transaction.deposit.completed"] })).status,
    ).toBe(201);

    const invited = `invitee.${Date.now()}@example.com`;
    expect((await owner.post("/users/invites", { email: invited, position: "Clerk", role: ["VIEWER"] })).status).toBe(201);
    const invitation = tokenFromLink((await lastMail(app, invited))!.links[0]);
    secrets.set("invitation token", invitation);
    expect((await new Client(app).get(`/onboarding/invitation/${invitation}`)).status).toBe(200);

    expect((await new Client(app).post("/onboarding/password-reset/initiate", { email: input.email })).status).toBe(200);
    const reset = tokenFromLink((await lastMail(app, input.email))!.links[0]);
    secrets.set("reset token", reset);
    // The link as the browser opens it (a UI route: the log still sees its URL).
    await app.inject({ method: "GET", url: `/reset-password/${reset}?token=${reset}` });

    expect((await owner.post("/settings/security/mfa/code")).status).toBe(200);
    secrets.set("one-time code mail", (await lastMail(app, input.email))!.codes[0]);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  test("the log has request lines, and none of them carries a secret", () => {
    const log = lines.join("");
    expect(log).toContain('"url":"/api/onboarding/invitation/[redacted]"');
    expect(log).toContain('"url":"/reset-password/[redacted]?token=[redacted]"');
    for (const [what, value] of secrets) {
      if (what === "one-time code mail") continue; // six digits may occur by chance (timestamps); not a log concern
      expect(log.includes(value), `${what} appears in the log`).toBe(false);
    }
  });

  test("no table holds a credential in plain text", async () => {
    const tables = (
      (await database.db.execute(
        sql`select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`,
      )) as unknown as { rows: { table_name: string }[] }
    ).rows.map((r) => r.table_name);
    // The outbox must carry an email's link and code until it is sent; that is where they live, and only there.
    const exempt = new Set(["email_outbox"]);
    for (const table of tables.filter((t) => !exempt.has(t))) {
      const [{ dump }] = (
        (await database.db.execute(sql.raw(`select coalesce(string_agg(t::text, '|'), '') as dump from "${table}" t`))) as unknown as {
          rows: { dump: string }[];
        }
      ).rows;
      for (const [what, value] of secrets) {
        if (what === "one-time code mail") continue;
        expect(dump.includes(value), `${what} stored in plain text in ${table}`).toBe(false);
      }
    }
    expect(tables).toContain("webhooks");
  });
});

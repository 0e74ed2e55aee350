/**
 * The audit log (issue 15) through the HTTP API on a fresh database: what members do is recorded
 * with who, from where and what changed; the chain verifies, on the server and offline from either
 * export; an entry altered in the database (past the product, which cannot change one) makes the
 * check fail at that entry; entries are scoped to their business and read with users_read.
 */
import { randomUUID } from "node:crypto";
import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { sql } from "drizzle-orm";
import { type Client, logInDemo, signUpInput, signedUpClient, startServer, type TestServer } from "../helpers/api.ts";
import { seedDemo } from "../../src/server/seed/demo.ts";
import { appendAuditEntries, SCHEDULER_ACTOR } from "../../src/server/services/audit-log.ts";
import { parseCsv } from "../../src/lib/csv.ts";
import { entriesFromCsvRows, verifyChain, type AuditEntry } from "../../src/server/lib/audit-chain.ts";

const run = promisify(execFile);
let s: TestServer;
let owner: Client;
let businessId: string;
const PASSWORD = "Str0ng-Passw0rd!";

type Listed = AuditEntry & { id: string };
const entries = async (c: Client, query = "") => (await c.get(`/audit-log?limit=100${query}`)).body.data.items as Listed[];

beforeAll(async () => {
  s = await startServer();
  const signedUp = await signedUpClient(s.app, { password: PASSWORD });
  owner = signedUp.client;
  businessId = (await owner.get("/session")).body.data.business.id;
});
afterAll(() => s.close());

describe("recording", () => {
  test("sign-in, an invitation and a role change are recorded with who, where, and the roles before and after", async () => {
    const email = signUpInput().email;
    const invited = await owner.post("/users/invites", { email, position: "Analyst", role: ["VIEWER"] }, { "user-agent": "AuditTest/1.0" });
    expect(invited.status).toBe(201);
    const memberId = invited.body.data.id as string;
    expect((await owner.patch(`/users/${memberId}/roles`, { role: ["APPROVER"] })).status).toBe(200);

    const log = await entries(owner);
    const signIn = log.find((e) => e.action === "auth.login")!;
    expect(signIn).toMatchObject({ route: "POST /api/onboarding/login", actor_via: "session", ip: "127.0.0.1", business_id: businessId });
    expect(signIn.after).toMatchObject({ password: "[redacted]" });

    const [roleChange, invite] = log; // newest first
    expect(roleChange).toMatchObject({
      action: "users.edit",
      route: "PATCH /api/users/:id/roles",
      target_id: memberId,
      before: { role: ["VIEWER"] },
      after: { role: ["APPROVER"] },
    });
    expect(invite).toMatchObject({ action: "users.invite", user_agent: "AuditTest/1.0", after: { email, position: "Analyst", role: ["VIEWER"] } });
    expect(roleChange.actor_email).toBe(signIn.actor_email);
    expect(roleChange.seq).toBe(invite.seq + 1);
  });

  test("a password change is recorded without the passwords; a refused request is not recorded", async () => {
    const before = (await entries(owner))[0].seq;
    expect((await owner.post("/settings/change-password", { password: "wrong-Passw0rd!", new_password: "N3w-Passw0rd!x" })).status).toBe(400);
    expect((await owner.post("/settings/change-password", { password: PASSWORD, new_password: "N3w-Passw0rd!x" })).status).toBe(200);
    const [latest, previous] = await entries(owner);
    expect(previous.seq).toBe(before);
    expect(latest).toMatchObject({ seq: before + 1, action: "security.edit", after: { password: "[redacted]", new_password: "[redacted]" } });
    expect(JSON.stringify(latest)).not.toContain("N3w-Passw0rd!x");
    expect((await owner.post("/settings/change-password", { password: "N3w-Passw0rd!x", new_password: PASSWORD })).status).toBe(200);
  });

  test("reading the log is not itself recorded; the list filters by keyword and dates", async () => {
    const total = (await owner.get("/audit-log")).body.data.total_items;
    await owner.get("/audit-log/verify");
    await owner.get("/audit-log/export?format=csv");
    expect((await owner.get("/audit-log")).body.data.total_items).toBe(total);

    const invites = await entries(owner, "&keyword=users.invite");
    expect(invites.length).toBeGreaterThan(0);
    expect(invites.every((e) => e.action === "users.invite")).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    expect((await entries(owner, `&from=${today}&to=${today}`)).length).toBe(total);
    expect(await entries(owner, "&to=2000-01-01")).toEqual([]);
    const reversed = await owner.get(`/audit-log?from=${today}&to=2000-01-01`);
    expect(reversed.status).toBe(400);
    expect(reversed.body.message).toBe("Date from cannot be greater than date to");
  });

  test("concurrent actions each take their own place in the chain", async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => owner.post("/settings/business-notifications", { email: `audit-${i}-${Date.now()}@example.com` })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(201));
    const check = (await owner.get("/audit-log/verify")).body.data;
    expect(check.valid).toBe(true);
    const seqs = (await entries(owner)).map((e) => e.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => b - a));
    expect(new Set(seqs).size).toBe(seqs.length);
    expect(seqs[0]).toBe(check.entries);
  });

  test("a business's first entries, written at once by separate transactions, start one unbroken chain", async () => {
    // The head is created by the first entry: writers that race to it must all end up on one chain.
    const fresh = randomUUID();
    const record = (i: number) => ({
      businessId: fresh,
      actor: SCHEDULER_ACTOR,
      action: "test.first",
      route: "test",
      ip: "127.0.0.1",
      userAgent: "test",
      after: { i },
    });
    const db = s.app.services.ctx.db;
    await Promise.all(Array.from({ length: 6 }, (_, i) => db.transaction((tx) => appendAuditEntries(tx, [record(i)]))));
    expect(await s.app.services.auditLog.verify(fresh)).toMatchObject({ valid: true, entries: 6 });
  });

  test("a check made while the business keeps acting never reports the chain broken", async () => {
    // Other members act while the owner looks at the log: an entry committed between the check's reads
    // is neither a gap nor a removal.
    const acting = Array.from({ length: 30 }, (_, i) => owner.post("/settings/business-notifications", { email: `busy-${i}-${Date.now()}@example.com` }));
    const checks = Array.from({ length: 30 }, () => owner.get("/audit-log/verify"));
    const [done, checked] = await Promise.all([Promise.all(acting), Promise.all(checks)]);
    expect(done.map((r) => r.status)).toEqual(Array(30).fill(201));
    for (const c of checked) expect(c.body.data).toMatchObject({ valid: true });
  });
});

describe("access", () => {
  test("another business sees only its own entries; without a session the log is refused", async () => {
    const other = (await signedUpClient(s.app)).client;
    const theirs = await entries(other);
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.every((e) => e.business_id !== businessId)).toBe(true);
    expect((await other.get("/audit-log/verify")).body.data).toMatchObject({ valid: true, entries: theirs.length });

    const noAccess = await s.app.inject({ method: "GET", url: "/api/audit-log" });
    expect(noAccess.statusCode).toBe(401);
  });

  test("there is no call that changes or deletes an entry, and the database refuses it too", async () => {
    const [latest] = await entries(owner);
    for (const method of ["PUT", "PATCH", "DELETE"] as const) {
      expect((await owner.request(method, `/audit-log/${latest.id}`, method === "DELETE" ? undefined : { action: "x" })).status).toBe(404);
    }
    // drizzle wraps the database's error: its cause carries PostgreSQL's message.
    const refusal = (q: Promise<unknown>) =>
      q.then(
        () => "accepted",
        (e: { message: string; cause?: { message: string } }) => e.cause?.message ?? e.message,
      );
    expect(await refusal(s.database.db.execute(sql`UPDATE audit_log SET actor_email = 'someone@else.example' WHERE id = ${latest.id}`))).toContain(
      "cannot be changed",
    );
    expect(await refusal(s.database.db.execute(sql`DELETE FROM audit_log WHERE id = ${latest.id}`))).toContain("cannot be changed");
  });
});

describe("verification", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "audit-"));
  });
  const verifyOffline = async (file: string) => {
    try {
      const { stdout } = await run(process.execPath, ["--import", "tsx", "scripts/verify-audit-log.ts", file]);
      return { code: 0, out: stdout };
    } catch (e) {
      const err = e as { code: number; stdout: string; stderr: string };
      return { code: err.code, out: err.stdout + err.stderr };
    }
  };

  test("both exports verify offline with the documented command; an edited export fails at the edited entry", async () => {
    const json = await owner.get("/audit-log/export?format=json");
    expect(json.headers["content-disposition"]).toMatch(/attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.json"/);
    const exported = json.body as { entries: AuditEntry[] };
    expect(verifyChain(exported.entries)).toMatchObject({ valid: true, entries: exported.entries.length });

    const csv = await owner.get("/audit-log/export?format=csv");
    expect(csv.headers["content-type"]).toContain("text/csv");
    const fromCsv = entriesFromCsvRows(parseCsv(csv.body as string).map((r) => r.fields));
    expect(fromCsv).toEqual(exported.entries);

    const jsonFile = join(dir, "log.json");
    const csvFile = join(dir, "log.csv");
    writeFileSync(jsonFile, JSON.stringify(exported));
    writeFileSync(csvFile, csv.body as string);
    for (const file of [jsonFile, csvFile]) {
      const ok = await verifyOffline(file);
      expect(ok.code, ok.out).toBe(0);
      expect(ok.out).toContain(`${exported.entries.length} entries, chain intact`);
    }

    const edited = structuredClone(exported);
    edited.entries[2].actor_email = "mallory@example.com";
    writeFileSync(jsonFile, JSON.stringify(edited));
    const bad = await verifyOffline(jsonFile);
    expect(bad.code).toBe(1);
    expect(bad.out).toContain("entry 3");
    expect(bad.out).toContain("altered");

    const dropped = structuredClone(exported);
    dropped.entries.splice(1, 1);
    writeFileSync(jsonFile, JSON.stringify(dropped));
    expect((await verifyOffline(jsonFile)).out).toContain("entry 2");
  });

  test("an entry altered in the database makes the server's check fail at that entry", async () => {
    expect((await owner.get("/audit-log/verify")).body.data.valid).toBe(true);
    const db = s.database.db;
    // Past the product: the table's owner switches the guard off, as someone with database access could.
    await db.execute(sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only`);
    await db.execute(sql`UPDATE audit_log SET after = '{"role": ["OWNER"]}' WHERE business_id = ${businessId} AND seq = 4`);
    await db.execute(sql`ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only`);
    const check = (await owner.get("/audit-log/verify")).body.data;
    expect(check).toMatchObject({ valid: false, first_invalid_seq: 4 });
    expect(check.reason).toContain("altered");
  });
});

describe("the demo", () => {
  test("the demo business's log holds its team's history, verifies, and is read by a viewer", async () => {
    await seedDemo(s.app.services);
    const viewer = await logInDemo(s.app, "viewer");
    const log = await entries(viewer);
    for (const a of ["auth.login", "payments.create", "approval-requests.approve", "users.invite", "api-keys.create", "webhooks.create"]) {
      expect((await entries(viewer, `&keyword=${a}`)).length, a).toBeGreaterThan(0);
    }
    expect(log.some((e) => e.actor_email === "approver@demo.example")).toBe(true);
    expect((await viewer.get("/audit-log/verify")).body.data).toMatchObject({ valid: true });
  });
});

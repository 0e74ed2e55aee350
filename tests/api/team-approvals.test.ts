/**
 * Maker-checker cannot be satisfied by one person (issue 25, item 3), tried as a rogue admin would:
 * invite addresses they control with approval rights, raise a member's role, approve through an API
 * key, and have a newcomer approve a payment made before they joined.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Client, lastMail, logInDemo, signedUpClient, startServer, tokenFromLink } from "../helpers/api.ts";
import { seedDemo } from "../../src/server/seed/demo.ts";
import { INVITE_PENDING_MESSAGE, ROLES_PENDING_MESSAGE } from "../../resources/users.ts";

const s = await startServer();
const { app } = s;
afterAll(() => s.close());

let owner: Client;
let admin: Client;
let approver: Client;
let usd: string;
let harbor: string;
const OWNER = "owner@demo.example";
beforeAll(async () => {
  await seedDemo(app.services);
  [owner, admin, approver] = [await logInDemo(app, "owner"), await logInDemo(app, "admin"), await logInDemo(app, "approver")];
  usd = ((await owner.get("/accounts/corporate?limit=100")).body.data.items as { id: string; currency: string }[]).find((a) => a.currency === "USD")!.id;
  harbor = ((await owner.get("/v1/beneficiaries?limit=100")).body.data.items as { id: string; name: string }[]).find(
    (b) => b.name === "Harbor Freight Forwarding LLC",
  )!.id;
}, 120_000);

const mailsTo = async (to: string) =>
  (await new Client(app).get(`/sandbox/mailbox?to=${encodeURIComponent(to)}`)).body.data as { subject: string; text: string; links: string[] }[];
const pendingTeamChanges = async () =>
  (await owner.get("/approval-requests?state[]=PENDING&scope=team&limit=100")).body.data.items as {
    id: string;
    data_fields: Record<string, { content: string }>;
    amount: unknown;
  }[];
const accept = async (email: string) => {
  const token = tokenFromLink((await lastMail(app, email))!.links[0]);
  expect(
    (
      await new Client(app).post("/onboarding/invitation/accept", {
        token,
        user_info: { first_name: "New", last_name: "Member", password: "Str0ng-Passw0rd!", phone: "+2348012345679" },
      })
    ).status,
  ).toBe(200);
  const c = new Client(app);
  expect((await c.post("/onboarding/login", { email, password: "Str0ng-Passw0rd!" })).status).toBe(200);
  return c;
};

describe("the demo business, with approvals on", () => {
  test("an admin's invitations with approval rights wait for another member who manages users; the owner hears of each", async () => {
    const [mine1, mine2] = [`accomplice1.${Date.now()}@example.com`, `accomplice2.${Date.now()}@example.com`];
    const ownerMailsBefore = (await mailsTo(OWNER)).length;
    for (const email of [mine1, mine2]) {
      const res = await admin.post("/users/invites", { email, position: "Approver", role: ["APPROVER"] });
      expect([res.status, res.body.message, res.body.data.state]).toEqual([202, INVITE_PENDING_MESSAGE, "PENDING_APPROVAL"]);
      // No invitation went out, and nobody was added.
      expect(await mailsTo(email)).toEqual([]);
      expect((await owner.get(`/users?email=${encodeURIComponent(email)}`)).body.data.items).toEqual([]);
    }
    const toOwner = (await mailsTo(OWNER)).slice(0, (await mailsTo(OWNER)).length - ownerMailsBefore);
    expect(toOwner.map((m) => m.subject)).toEqual(["Team change at Demo Trading Ltd", "Team change at Demo Trading Ltd"]);
    expect(toOwner[0].text).toContain(`asked to invite ${mine2} as APPROVER`);

    const waiting = await pendingTeamChanges();
    const [r1, r2] = [mine1, mine2].map((e) => waiting.find((w) => w.data_fields.member_email.content === e)!);
    expect(r1.amount).toBeNull();
    // The maker cannot decide their own; an approver who does not manage users cannot either; nor can an API key.
    expect((await admin.patch(`/approval-requests/${r1.id}/approve`)).body.message).toBe("You cannot approve or reject a team change you asked for");
    expect((await approver.patch(`/approval-requests/${r1.id}/approve`)).body.message).toBe("Only a member who manages users can decide a team change");
    const key = (await owner.post("/api-keys", { name: "Approvals bot", grants: ["transactions_approve", "approval_requests_read", "users_write"] })).body.data
      .api_key;
    const viaKey = await app.inject({ method: "PATCH", url: `/api/approval-requests/${r1.id}/approve`, headers: { authorization: `Bearer ${key}` } });
    expect([viaKey.statusCode, viaKey.json().message]).toEqual([403, "Only a member who manages users can decide a team change"]);
    // A batch of them goes the same way.
    const batch = await admin.post("/approval-requests/batch-action/sync", { action: "approve", entity_ids: [r1.id, r2.id] });
    expect(batch.body.data.every((o: { ok: boolean }) => !o.ok)).toBe(true);
    expect(await mailsTo(mine1)).toEqual([]);

    // The owner decides: one invited, one not.
    expect((await owner.patch(`/approval-requests/${r1.id}/approve`)).status).toBe(200);
    expect((await owner.patch(`/approval-requests/${r2.id}/reject`)).status).toBe(200);
    expect((await mailsTo(mine1)).map((m) => m.subject)).toEqual(["You have been invited to Demo Trading Ltd"]);
    expect(await mailsTo(mine2)).toEqual([]);
    const invited = (await owner.get(`/users?email=${encodeURIComponent(mine1)}`)).body.data.items;
    expect(invited.map((m: { state: string; roles: { name: string }[] }) => [m.state, m.roles.map((r) => r.name)])).toEqual([
      ["INVITATION_PENDING", ["APPROVER"]],
    ]);
  });

  test("a newcomer cannot approve a payment made before they joined; one made after, they can", async () => {
    const email = `late.approver.${Date.now()}@example.com`;
    const asked = await admin.post("/users/invites", { email, position: "Approver", role: ["APPROVER"] });
    expect(asked.status).toBe(202);
    expect((await owner.patch(`/approval-requests/${asked.body.data.approval_request_id}/approve`)).status).toBe(200);
    // The admin's 25,000 USD wire, made while the invitation is still open.
    const wire = await admin.post(
      "/payments",
      { source_account_id: usd, beneficiary_id: harbor, amount: "2500000" },
      { "idempotency-key": `wire-${Date.now()}` },
    );
    expect(wire.status).toBe(201);
    const newcomer = await accept(email);
    const requestOf = async (paymentId: string) =>
      ((await owner.get("/approval-requests?state[]=PENDING&limit=100")).body.data.items as { id: string; entity_id: string }[]).find(
        (r) => r.entity_id === paymentId,
      )!.id;
    const before = await requestOf(wire.body.data.id);
    const refused = await newcomer.patch(`/approval-requests/${before}/approve`);
    expect([refused.status, refused.body.message]).toEqual([403, "You joined the team after this request was made: another member must decide it"]);
    const later = await admin.post(
      "/payments",
      { source_account_id: usd, beneficiary_id: harbor, amount: "1500" },
      { "idempotency-key": `later-${Date.now()}` },
    );
    expect((await newcomer.patch(`/approval-requests/${await requestOf(later.body.data.id)}/approve`)).status).toBe(200);
  });

  test("raising a member to a role that approves waits; lowering one does not; the owner hears of both", async () => {
    const email = `clerk.${Date.now()}@example.com`;
    const invited = await owner.post("/users/invites", { email, position: "Clerk", role: ["VIEWER"] });
    expect(invited.status).toBe(201);
    await accept(email);
    const id = invited.body.data.id;
    const raised = await admin.patch(`/users/${id}/roles`, { role: ["APPROVER"] });
    expect([raised.status, raised.body.message]).toEqual([202, ROLES_PENDING_MESSAGE]);
    expect(raised.body.data.roles.map((r: { name: string }) => r.name)).toEqual(["VIEWER"]);
    // Asked again while it waits: refused.
    expect((await admin.patch(`/users/${id}/roles`, { role: ["ADMIN"] })).status).toBe(409);
    expect((await owner.patch(`/approval-requests/${raised.body.data.approval_request_id}/approve`)).status).toBe(200);
    expect((await owner.get(`/users/${id}`)).body.data.roles.map((r: { name: string }) => r.name)).toEqual(["APPROVER"]);
    const lowered = await admin.patch(`/users/${id}/roles`, { role: ["VIEWER"] });
    expect([lowered.status, lowered.body.message]).toEqual([200, "Roles updated successfully"]);
    const latest = (await mailsTo(OWNER))[0];
    expect(latest.text).toContain(`did change the role of ${email} from APPROVER to VIEWER`);
  });
});

describe("other businesses", () => {
  test("with approvals off, invitations stand at once and the owner still hears of them", async () => {
    const { client, input } = await signedUpClient(app);
    const email = `admin.${Date.now()}@example.com`;
    expect((await client.post("/users/invites", { email, position: "Admin", role: ["ADMIN"] })).status).toBe(201);
    expect((await mailsTo(email)).length).toBe(1);
    expect((await lastMail(app, input.email))!.text).toContain(`did invite ${email} as ADMIN`);
  });

  test("with approvals on and nobody else to decide, the change stands and the owner is told it was not approved", async () => {
    const { client, input } = await signedUpClient(app);
    const businessId = (await client.get("/session")).body.data.business.id;
    await app.services.businessAdmin.setApprovalRequired(businessId, true);
    const email = `approver.${Date.now()}@example.com`;
    expect((await client.post("/users/invites", { email, position: "Approver", role: ["APPROVER"] })).status).toBe(201);
    expect((await mailsTo(email)).length).toBe(1);
    expect((await lastMail(app, input.email))!.text).toContain("no other member who manages users could approve it, so it took effect at once");
  });
});

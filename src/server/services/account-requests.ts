/**
 * Account requests (SPEC §4): a pending account and its tasks — declaration, agreement, a code sent
 * by email — done in order; after the last one the rails provision the account.
 */
import { and, asc, eq } from "drizzle-orm";
import type { z } from "zod";
import { accountRequestTasks, accountRequests, businesses, users } from "../db/schema/index.ts";
import type { Tx } from "../db/client.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import { AGREEMENT_DESCRIPTION, DECLARATION_TEXT, type CreateAccountRequest, type TaskSubmission } from "../../../resources/account-requests.ts";
import { enqueueMail } from "../providers/mail/outbox.ts";
import { renderTextPdf } from "../lib/pdf-document.ts";
import { isUuid } from "../db/paging.ts";
import type { ServiceContext } from "./context.ts";
import type { AccountService } from "./accounts.ts";
import { assertCodeBudget, checkCode, issueCode, useCode } from "./one-time-tokens.ts";
import { emails, formatsOfUser } from "./emails.ts";

type Request = typeof accountRequests.$inferSelect;
import type { AccountRequestTask } from "../../../resources/account-requests.ts";

type Task = typeof accountRequestTasks.$inferSelect;
export const AGREEMENT_ID = "business-account-terms-2026-01";

const view = (r: Request, tasks: Task[]) => ({
  id: r.id,
  currency: r.currency,
  state: r.state,
  account_id: r.accountId,
  created_date: r.createdAt.toISOString(),
  // The table keeps a step's data as JSON written only here (create, submit): its shape is the declared one for its type.
  tasks: tasks.map((t) => ({ id: t.id, type: t.type, state: t.state, data: t.data }) as AccountRequestTask),
});

export function accountRequestService({ db }: ServiceContext, deps: { accounts: AccountService }) {
  async function load(tx: Tx | typeof db, businessId: string, id: string) {
    const [r] = isUuid(id)
      ? await tx
          .select()
          .from(accountRequests)
          .where(and(eq(accountRequests.id, id), eq(accountRequests.businessId, businessId)))
      : [];
    if (!r) throw notFound("Account request not found");
    const tasks = await tx.select().from(accountRequestTasks).where(eq(accountRequestTasks.requestId, r.id)).orderBy(asc(accountRequestTasks.position));
    return { r, tasks };
  }

  /** The task and its request, locked; refuses a task whose earlier steps are not done. */
  async function taskFor(tx: Tx, businessId: string, taskId: string) {
    const [t] = isUuid(taskId) ? await tx.select().from(accountRequestTasks).where(eq(accountRequestTasks.id, taskId)).for("update") : [];
    const found = t && (await load(tx, businessId, t.requestId).catch(() => undefined));
    if (!t || !found) throw notFound("Task not found");
    if (found.r.state !== "READY") throw conflict("This account request is no longer open");
    if (found.tasks.some((o) => o.position < t.position && o.state !== "COMPLETED")) throw badRequest("Complete the earlier steps first");
    return { task: t, ...found };
  }

  return {
    async create(businessId: string, userId: string, input: z.output<typeof CreateAccountRequest>) {
      return db.transaction(async (tx) => {
        const [open] = await tx
          .select({ id: accountRequests.id })
          .from(accountRequests)
          .where(and(eq(accountRequests.businessId, businessId), eq(accountRequests.currency, input.currency), eq(accountRequests.state, "READY")));
        if (open) throw conflict(`You already have a ${input.currency} account request in progress`);
        const [user] = await tx.select().from(users).where(eq(users.id, userId));
        const id = crypto.randomUUID();
        const { row } = await deps.accounts.openPending(tx, businessId, input.currency, { accountRequestId: id });
        const [r] = await tx
          .insert(accountRequests)
          .values({ id, businessId, accountId: row.id, currency: input.currency, ownerInfo: input.account_owner_info ?? null, createdBy: userId })
          .returning();
        const tasks = await tx
          .insert(accountRequestTasks)
          .values([
            { requestId: id, position: 1, type: "DECLARATION", data: { text: DECLARATION_TEXT, acceptance_date: null } },
            { requestId: id, position: 2, type: "AGREEMENT", data: { id: AGREEMENT_ID, description: AGREEMENT_DESCRIPTION, acceptance_date: null } },
            { requestId: id, position: 3, type: "EMAIL_OTP", data: { email: user.email } },
          ])
          .returning();
        return view(r, tasks);
      });
    },

    get: async (businessId: string, id: string) => {
      const { r, tasks } = await load(db, businessId, id);
      return view(r, tasks);
    },

    /** Starts a step: for the emailed code, sends it. */
    async initialize(businessId: string, userId: string, taskId: string) {
      return db.transaction(async (tx) => {
        const { task, r, tasks } = await taskFor(tx, businessId, taskId);
        if (task.type === "EMAIL_OTP" && task.state !== "COMPLETED") {
          const [user] = await tx.select().from(users).where(eq(users.id, userId));
          await assertCodeBudget(tx, userId);
          const code = await issueCode(tx, { purpose: "account_task", binding: task.id }, userId);
          await enqueueMail(tx, emails.actionCode(user.email, code, "opening your account", formatsOfUser(user)));
        }
        return view(r, tasks);
      });
    },

    async submit(businessId: string, userId: string, taskId: string, data: z.output<typeof TaskSubmission>) {
      // A code is checked before the step's transaction, so a wrong guess counts even though the step fails; it is used up inside it.
      const codeId =
        data.otp_code && /^\d{6}$/.test(data.otp_code) ? await checkCode(db, { purpose: "account_task", binding: taskId }, userId, data.otp_code) : undefined;
      return db.transaction(async (tx) => {
        const { task, r } = await taskFor(tx, businessId, taskId);
        if (task.state === "COMPLETED") throw conflict("This step is already complete");
        const now = new Date().toISOString();
        let done: Record<string, unknown>;
        if (task.type === "DECLARATION") {
          if (!data.accepted) throw badRequest("Please accept declaration", [{ path: "accepted", message: "Please accept declaration" }]);
          done = { ...task.data, acceptance_date: now };
        } else if (task.type === "AGREEMENT") {
          if (!data.accepted || data.agreement_id !== task.data.id)
            throw badRequest("Please accept agreement", [{ path: "accepted", message: "Please accept agreement" }]);
          done = { ...task.data, acceptance_date: now };
        } else {
          if (!data.otp_code) throw badRequest("Enter the verification code", [{ path: "otp_code", message: "Enter the verification code" }]);
          if (!/^\d{6}$/.test(data.otp_code)) throw badRequest("Incomplete code", [{ path: "otp_code", message: "Incomplete code" }]);
          if (!codeId || !(await useCode(tx, codeId)))
            throw badRequest("Invalid or expired verification code", [{ path: "otp_code", message: "Invalid or expired verification code" }]);
          done = { ...task.data, verified_at: now };
        }
        await tx.update(accountRequestTasks).set({ state: "COMPLETED", data: done, completedAt: new Date() }).where(eq(accountRequestTasks.id, task.id));
        const tasks = await tx.select().from(accountRequestTasks).where(eq(accountRequestTasks.requestId, r.id)).orderBy(asc(accountRequestTasks.position));
        if (tasks.every((t) => t.state === "COMPLETED")) {
          const [b] = await tx.select({ name: businesses.name }).from(businesses).where(eq(businesses.id, businessId));
          await deps.accounts.provision(tx, r.accountId, b.name);
          const [completed] = await tx
            .update(accountRequests)
            .set({ state: "COMPLETED", completedAt: new Date() })
            .where(eq(accountRequests.id, r.id))
            .returning();
          return view(completed, tasks);
        }
        return view(r, tasks);
      });
    },

    async agreementPdf(businessId: string, agreementId: string) {
      if (agreementId !== AGREEMENT_ID) throw notFound("Agreement not found");
      const [b] = await db.select({ name: businesses.name }).from(businesses).where(eq(businesses.id, businessId));
      const clauses = [
        "1. The account is provided by our licensed banking partner. Funds are held at insured banks.",
        "2. You will use the account only for the lawful business of the company named above.",
        "3. Fees are shown before every payment is confirmed; no payment moves without your authorisation.",
        "4. You will keep your sign-in details and one-time codes secret and tell us at once of any misuse.",
        "5. We may freeze the account where the law requires it, and will tell you unless the law forbids it.",
      ];
      return renderTextPdf(AGREEMENT_DESCRIPTION, [
        { text: AGREEMENT_DESCRIPTION, size: 16, bold: true },
        { text: `Between Stablebank and ${b.name}`, size: 11, gap: 6 },
        { text: `Agreement ${AGREEMENT_ID}`, size: 9 },
        ...clauses.map((text) => ({ text, gap: 8 })),
      ]);
    },
  };
}

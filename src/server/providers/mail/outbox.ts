/**
 * The email outbox. Callers enqueue inside their own transaction, so an email exists if and only if
 * what caused it was committed; a dispatcher delivers rows, taking them with FOR UPDATE SKIP LOCKED
 * so several API processes never send one twice.
 */
import { and, desc, eq, inArray, lt, sql } from "drizzle-orm";
import { emailOutbox } from "../../db/schema/index.ts";
import type { Db, Queryable } from "../../db/client.ts";
import type { MailTransport } from "./transport.ts";

/** `kind` names an email that is capped per recipient (services/mail-limits.ts). */
export type Mail = { to: string; subject: string; text: string; links?: string[]; codes?: string[]; kind?: string };

export async function enqueueMail(q: Queryable, mail: Mail) {
  await q.insert(emailOutbox).values({
    to: mail.to.toLowerCase(),
    subject: mail.subject,
    kind: mail.kind ?? "",
    text: mail.text,
    links: mail.links ?? [],
    codes: mail.codes ?? [],
  });
}

const MAX_ATTEMPTS = 5;

/** Delivers up to `batch` pending emails; returns how many were sent. */
export async function deliverPending(db: Db, transport: MailTransport, batch = 20): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.state, "PENDING"), lt(emailOutbox.attempts, MAX_ATTEMPTS)))
      .orderBy(emailOutbox.createdAt)
      .limit(batch)
      .for("update", { skipLocked: true });
    let sent = 0;
    for (const row of rows) {
      try {
        await transport.send({ to: row.to, subject: row.subject, text: row.text });
        // Outside the sandbox the codes and links have done their job: keep no readable copy.
        const scrub = transport.name === "sandbox" ? {} : { text: "", links: [], codes: [] };
        await tx
          .update(emailOutbox)
          .set({ state: "SENT", sentAt: new Date(), ...scrub })
          .where(eq(emailOutbox.id, row.id));
        sent++;
      } catch (err) {
        await tx
          .update(emailOutbox)
          .set({
            attempts: sql`${emailOutbox.attempts} + 1`,
            state: row.attempts + 1 >= MAX_ATTEMPTS ? "FAILED" : "PENDING",
            lastError: String(err).slice(0, 500),
          })
          .where(eq(emailOutbox.id, row.id));
      }
    }
    return sent;
  });
}

/** Sandbox mailbox: newest first. */
export async function mailbox(db: Db, to: string, limit = 50) {
  return db
    .select({
      id: emailOutbox.id,
      to: emailOutbox.to,
      subject: emailOutbox.subject,
      text: emailOutbox.text,
      links: emailOutbox.links,
      codes: emailOutbox.codes,
      created_at: emailOutbox.createdAt,
    })
    .from(emailOutbox)
    .where(inArray(emailOutbox.to, [to.toLowerCase()]))
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(limit);
}

/** Runs delivery every `intervalMs` until stopped. */
export function startMailDispatcher(db: Db, transport: MailTransport, log: (err: unknown) => void, intervalMs = 1000) {
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      await deliverPending(db, transport);
    } catch (err) {
      log(err);
    } finally {
      running = false;
    }
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

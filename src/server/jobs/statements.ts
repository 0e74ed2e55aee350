/**
 * The statement worker: takes PENDING statements with FOR UPDATE SKIP LOCKED (so several API
 * processes never render one twice), renders each file and stores it with the row, COMPLETE; a
 * statement that cannot be produced becomes FAILED with a reason the modal shows.
 */
import { asc, eq } from "drizzle-orm";
import { statements } from "../db/schema/index.ts";
import type { Db } from "../db/client.ts";
import type { StatementFormat } from "../../../resources/statements.ts";
import { statementData, StatementError } from "../services/statement-data.ts";
import { renderStatement } from "../services/statement-files.ts";
import { repeatEvery } from "./repeat.ts";

const GENERIC_FAILURE = "Something went wrong while preparing this statement";

/** One batch in one transaction; returns how many statements it finished (COMPLETE or FAILED). */
async function runBatch(db: Db, batch: number, log: (err: unknown) => void): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(statements)
      .where(eq(statements.state, "PENDING"))
      .orderBy(asc(statements.createdAt))
      .limit(batch)
      .for("update", { skipLocked: true });
    for (const row of rows) {
      try {
        // A savepoint per statement: one that fails in the database leaves the batch usable.
        const out = await tx.transaction(async (sp) => renderStatement(row.format as StatementFormat, await statementData(sp, row)));
        await tx
          .update(statements)
          .set({ state: "COMPLETE", ...out, completedAt: new Date() })
          .where(eq(statements.id, row.id));
      } catch (err) {
        if (!(err instanceof StatementError)) log(err);
        const reason = err instanceof StatementError ? err.message : GENERIC_FAILURE;
        await tx.update(statements).set({ state: "FAILED", failureReason: reason, completedAt: new Date() }).where(eq(statements.id, row.id));
      }
    }
    return rows.length;
  });
}

/**
 * Renders every PENDING statement this process can lock. Tests call it directly (the worker is off
 * there) so a statement is COMPLETE exactly when they say.
 */
export async function runPendingStatements(db: Db, opts: { batch?: number; log?: (err: unknown) => void } = {}): Promise<number> {
  const batch = opts.batch ?? 5;
  const log = opts.log ?? (() => {});
  let done = 0;
  for (;;) {
    const n = await runBatch(db, batch, log);
    done += n;
    if (n < batch) return done;
  }
}

/** Runs the queue every `intervalMs` until stopped (repeatEvery). */
export function startStatementWorker(db: Db, log: (err: unknown) => void, intervalMs = 500) {
  return repeatEvery(intervalMs, () => runPendingStatements(db, { log }), log);
}

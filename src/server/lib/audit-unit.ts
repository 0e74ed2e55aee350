/**
 * An audit entry commits with the change it records, or the change does not happen (issue 25).
 *
 * Each state-changing request runs its handler inside an audit unit (AsyncLocalStorage, so the unit
 * follows the request's own async work and nothing else). The database handle's top-level
 * `transaction()` is wrapped once: the first transaction the request commits appends the request's
 * entry just before it commits, so both land or neither does, and an audit write that fails rolls
 * the change back and fails the request. Services never pass the entry around; they only say who
 * acted when the request carried no session (sign-up, sign-in: `setAuditSubject`) and that nothing
 * happened when an idempotent replay answers (`skipAudit`). A request whose handler opened no
 * transaction gets its entry after the handler, in one of its own (audit-trail.ts); the audit
 * atomicity test makes sure no route that changes anything relies on that.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { Db, Tx } from "../db/client.ts";
import type { AuditActor, AuditRecord } from "../services/audit-log.ts";

/** Who acted, for calls made before a session exists (sign-up, sign-in, emailed links). */
export type AuditSubject = { businessId: string; userId: string | null; email: string; via: AuditActor["via"] };

export type AuditUnit = {
  /** The entry as it stands (null while nobody is known to have acted). */
  entry: () => AuditRecord | null;
  subject: AuditSubject | null;
  /** The entry has committed. */
  written: boolean;
  /** A transaction of this request holds the entry and has not finished yet. */
  claimed: boolean;
  /** Nothing happened (an idempotent replay answered): no entry. */
  skipped: boolean;
};

const storage = new AsyncLocalStorage<AuditUnit>();

export const currentAuditUnit = () => storage.getStore();

/** Runs `fn` with `unit` as the request's audit unit (none: outside any request's). */
export const runInAuditUnit = <T>(unit: AuditUnit | undefined, fn: () => T): T => (unit ? storage.run(unit, fn) : storage.exit(fn));

/** Work shared by several requests (a group commit) runs outside each one's unit and appends their entries itself. */
export const outsideAuditUnits = <T>(fn: () => T): T => storage.exit(fn);

export function setAuditSubject(subject: AuditSubject) {
  const unit = storage.getStore();
  if (unit) unit.subject = subject;
}

export function skipAudit() {
  const unit = storage.getStore();
  if (unit) unit.skipped = true;
}

export function newAuditUnit(build: (subject: AuditSubject | null) => AuditRecord | null): AuditUnit {
  const unit: AuditUnit = { subject: null, written: false, claimed: false, skipped: false, entry: () => build(unit.subject) };
  return unit;
}

type Append = (tx: Tx, records: AuditRecord[]) => Promise<unknown>;

/**
 * Makes every top-level transaction of `db` carry the audit entry of the request it runs for (when
 * that request has not recorded it yet). A transaction rerun after a conflict appends again in the
 * rerun; only a commit marks the entry written.
 */
export function auditTransactions(db: Db, append: Append) {
  const run = db.transaction.bind(db);
  db.transaction = (async (fn: (tx: Tx) => Promise<unknown>, config?: Parameters<Db["transaction"]>[1]) => {
    const unit = storage.getStore();
    if (!unit || unit.written || unit.skipped || unit.claimed) return run(fn, config);
    unit.claimed = true;
    let appended = false;
    try {
      const result = await run(async (tx) => {
        appended = false;
        const value = await fn(tx);
        const record = unit.skipped ? null : unit.entry();
        if (record) {
          await append(tx, [record]);
          appended = true;
        }
        return value;
      }, config);
      if (appended) unit.written = true;
      return result;
    } finally {
      unit.claimed = false;
    }
  }) as Db["transaction"];
}

/**
 * Statement exports (SPEC §3 Statement, §4 COMPLETE allows download, §7 statements), scoped to the
 * caller's business: another business's statement, account or wallet is a 404. Creating one only
 * queues it (PENDING); src/server/jobs/statements.ts renders the file.
 */
import { and, count, desc, eq, getTableColumns } from "drizzle-orm";
import { statements } from "../db/schema/index.ts";
import { conflict, notFound } from "../../lib/errors.ts";
import type { Statement, StatementFormat, StatementInput } from "../../../resources/statements.ts";
import { isUuid, offsetOf, paged, type PageQuery } from "../db/paging.ts";
import type { ServiceContext } from "./context.ts";
import type { AccountService } from "./accounts.ts";
import type { WalletService } from "./wallets.ts";

type Row = Omit<typeof statements.$inferSelect, "file">;

/** Every column but the file bytes: lists and status polls never load files. */
const { file: _file, ...columns } = getTableColumns(statements);

export function statementView(s: Row): Statement {
  return {
    id: s.id,
    format: s.format as StatementFormat,
    from: s.fromDate,
    to: s.toDate,
    state: s.state as Statement["state"],
    account_id: s.ownerKind === "account" ? s.ownerId : null,
    asset_id: s.ownerKind === "wallet" ? s.ownerId : null,
    currency: s.currency,
    file_name: s.fileName,
    failure_reason: s.failureReason,
    created_date: s.createdAt.toISOString(),
    completed_date: s.completedAt?.toISOString() ?? null,
  };
}

export type StatementListQuery = PageQuery & { account_id?: string; asset_id?: string };

export function statementService({ db }: ServiceContext, deps: { accounts: AccountService; wallets: WalletService }) {
  async function findRow(businessId: string, id: string) {
    const [row] = isUuid(id)
      ? await db
          .select(columns)
          .from(statements)
          .where(and(eq(statements.businessId, businessId), eq(statements.id, id)))
      : [];
    if (!row) throw notFound("Statement not found");
    return row;
  }

  return {
    /** Queues a statement of the business's own account (account_id) or wallet (asset_id). */
    async create(businessId: string, userId: string | null, input: StatementInput): Promise<Statement> {
      const owner = input.asset_id
        ? { kind: "wallet", ...(await deps.wallets.find(businessId, input.asset_id)).w }
        : { kind: "account", ...(await deps.accounts.find(businessId, input.account_id!)).a };
      const [row] = await db.transaction((tx) =>
        tx
          .insert(statements)
          .values({
            businessId,
            ownerKind: owner.kind,
            ownerId: owner.id,
            currency: owner.currency,
            format: input.format,
            fromDate: input.from,
            toDate: input.to,
            createdBy: userId,
          })
          .returning(columns),
      );
      return statementView(row);
    },

    /** Newest first; optionally one account's or wallet's (the Export statement modal's list). */
    async list(businessId: string, q: StatementListQuery) {
      const ownerId = q.asset_id ?? q.account_id;
      // A malformed id cannot match anything; answering an empty page beats a database error.
      if (ownerId && !isUuid(ownerId)) return paged([], 0, q);
      const where = and(
        eq(statements.businessId, businessId),
        ownerId ? eq(statements.ownerId, ownerId) : undefined,
        ownerId ? eq(statements.ownerKind, q.asset_id ? "wallet" : "account") : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db.select(columns).from(statements).where(where).orderBy(desc(statements.createdAt), desc(statements.id)).limit(q.limit).offset(offsetOf(q)),
        db.select({ n: count() }).from(statements).where(where),
      ]);
      return paged(rows.map(statementView), Number(total.n), q);
    },

    find: async (businessId: string, id: string) => statementView(await findRow(businessId, id)),

    /** The file, once COMPLETE (SPEC §4); before that a 409 that says why. */
    async download(businessId: string, id: string) {
      const row = await findRow(businessId, id);
      if (row.state === "FAILED") throw conflict(`This statement could not be produced: ${row.failureReason ?? "unknown reason"}. Please export it again.`);
      if (row.state !== "COMPLETE") throw conflict("This statement is still being prepared. Please try again in a moment.");
      const [f] = await db.select({ file: statements.file }).from(statements).where(eq(statements.id, row.id));
      return { file: f.file!, fileName: row.fileName!, contentType: row.contentType! };
    },
  };
}
export type StatementService = ReturnType<typeof statementService>;

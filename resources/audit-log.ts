/**
 * The audit log (issue 15): one entry per state-changing action, newest first, in Settings → Audit
 * log (users_read). Read-only: the product has no call that edits or removes an entry.
 */
import { z } from "zod";
import { catalogEntry } from "./catalog.ts";
import { defineResource } from "./define-resource.ts";
import { endpoint } from "./define-endpoint.ts";
import { day, sortParam } from "./list-query.ts";
import { PageQuery } from "./page-query.ts";
import { JsonObject } from "./json-value.ts";

export const AuditLogEntry = z
  .object({
    id: z.string(),
    seq: z.number(),
    at: z.string(),
    business_id: z.string(),
    actor_user_id: z.string().nullable(),
    actor_email: z.string(),
    actor_via: z.string(),
    action: z.string(),
    route: z.string(),
    target_id: z.string().nullable(),
    ip: z.string(),
    user_agent: z.string(),
    /** The fields asked for, and the values they replaced where kept (JSON as sent). */
    before: JsonObject.nullable(),
    after: JsonObject.nullable(),
    prev_hash: z.string(),
    hash: z.string(),
  })
  .meta({ id: "AuditLogEntry" });
export type AuditLogEntry = z.infer<typeof AuditLogEntry>;

/** The stored chain checked end to end and against its head: valid, or where it first does not hold and why. */
export const ChainCheck = z.discriminatedUnion("valid", [
  z.object({ valid: z.literal(true), entries: z.number(), head_hash: z.string() }),
  z.object({ valid: z.literal(false), entries: z.number(), first_invalid_seq: z.number(), reason: z.string() }),
]);
export type ChainCheck = z.infer<typeof ChainCheck>;

/** The audit log's orders: when (the chain's order; the default, latest first), who, action. */
export const AUDIT_SORTS = ["at", "actor_email", "action"] as const;
const AuditQuery = PageQuery.extend({
  sort: sortParam(AUDIT_SORTS, "-at"),
  keyword: z.string().trim().max(200, "keyword must be at most 200 characters").optional(),
  from: day("from").optional(),
  to: day("to").optional(),
});
const ExportQuery = z.object({ format: z.enum(["csv", "json"], { error: "format must be csv or json" }).default("json") });

/**
 * The list the Settings 'Audit log' tab shows (users_read), its export with the chain (CSV or JSON,
 * checked offline by AUDIT_VERIFY_COMMAND), and the server's own check of the stored chain.
 */
const rule = (act: string) => ({ obj: "audit-log", act });
const tag = "audit";
export const auditLogEndpoints = {
  list: endpoint({
    method: "GET",
    path: "/audit-log",
    summary: "List audit log entries",
    tag,
    access: rule("list"),
    query: AuditQuery,
    answer: { page: AuditLogEntry },
  }),
  verify: endpoint({
    method: "GET",
    path: "/audit-log/verify",
    summary: "Verify the audit log chain",
    tag,
    access: rule("list"),
    answer: { one: ChainCheck },
  }),
  export: endpoint({
    method: "GET",
    path: "/audit-log/export",
    summary: "Export the audit log",
    tag,
    access: rule("export"),
    query: ExportQuery,
    answer: { file: ["text/csv", "application/json"] },
  }),
};

/** The command that checks an export offline (README, Audit log). */
export const AUDIT_VERIFY_COMMAND = "npm run audit:verify -- <file>";

export const auditLog = defineResource<AuditLogEntry>({
  ...catalogEntry("audit-log"),
  title: "Audit log",
  subtitle: "Every change made in this account, who made it and from where. Entries are hash-chained: none can be changed or removed unnoticed.",
  api: { list: auditLogEndpoints.list },
  schema: AuditLogEntry,
  access: { obj: "audit-log" },
  columns: [
    { field: "seq", title: "#", width: 64 },
    { field: "at", title: "When", render: "datetime", sort: "at" },
    { field: "actor_email", title: "Who", sort: "actor_email" },
    { field: "action", title: "Action", sort: "action" },
    { field: "after", title: "Details", render: "changes" },
    { field: "target_id", title: "Record" },
    { field: "ip", title: "IP address" },
  ],
  filters: [
    { field: "keyword", kind: "search", param: "keyword", placeholder: "Search by person, action or record" },
    { field: "at", kind: "dateRange", params: ["from", "to"], label: "Date" },
  ],
  pageSize: 20,
  empty: { title: "No activity yet", body: "Changes made in this account will be listed here." },
  emptyFiltered: { title: "No entries found", body: "No entry matches your filters or search query." },
  errorMessage: "Error fetching the audit log",
  recordTitle: (e) => `#${e.seq} ${e.action}`,
});

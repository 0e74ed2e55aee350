/**
 * The audit log (issue 15): one entry per state-changing action, newest first, in Settings → Audit
 * log (users_read). Read-only: the product has no call that edits or removes an entry.
 */
import { z } from "zod";
import { defineResource } from "./define-resource.ts";

export const AuditLogEntry = z.object({
  id: z.string(),
  seq: z.number(),
  at: z.string(),
  actor_email: z.string(),
  actor_via: z.string(),
  action: z.string(),
  route: z.string(),
  target_id: z.string().nullable(),
  ip: z.string(),
  user_agent: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  prev_hash: z.string(),
  hash: z.string(),
});
export type AuditLogEntry = z.infer<typeof AuditLogEntry>;

/** The command that checks an export offline (README, Audit log). */
export const AUDIT_VERIFY_COMMAND = "npm run audit:verify -- <file>";

export const auditLog = defineResource<AuditLogEntry>({
  name: "audit-log",
  label: "Audit log",
  title: "Audit log",
  subtitle: "Every change made in this account, who made it and from where. Entries are hash-chained: none can be changed or removed unnoticed.",
  routes: { list: "/settings" },
  standalone: false,
  api: { list: "audit-log", one: "audit-log/:id" },
  schema: AuditLogEntry,
  access: { obj: "audit-log" },
  columns: [
    { field: "seq", title: "#", width: 64 },
    { field: "at", title: "When", render: "datetime" },
    { field: "actor_email", title: "Who" },
    { field: "action", title: "Action" },
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

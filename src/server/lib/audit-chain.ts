/**
 * The audit log's hash chain, written once for the server (appending, verifying what is stored) and
 * the offline verifier (scripts/verify-audit-log.ts, reading an export). Each entry's hash is
 * SHA-256 over the previous entry's hash and the entry's own fields in a canonical JSON (keys
 * sorted at every depth), so key order in jsonb or in a re-saved export does not matter, while any
 * changed value, a removed entry or a reordering does.
 */
import { createHash } from "node:crypto";

/** An entry as exported (snake_case) and as hashed. */
export type AuditEntry = {
  seq: number;
  at: string;
  business_id: string;
  actor_user_id: string | null;
  actor_email: string;
  actor_via: string;
  action: string;
  route: string;
  target_id: string | null;
  ip: string;
  user_agent: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  prev_hash: string;
  hash: string;
};

/** The hash the first entry of a business's chain points back to. */
export const GENESIS_HASH = "0".repeat(64);

/** JSON with object keys sorted at every depth: the same value always gives the same text. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const obj = value as Record<string, unknown>;
  const keys = Object.keys(obj)
    .filter((k) => obj[k] !== undefined)
    .sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(obj[k])}`).join(",")}}`;
}

/** The hash of an entry given the hash before it: every field but the hash itself is covered. */
export function entryHash(entry: Omit<AuditEntry, "hash" | "prev_hash">, prevHash: string): string {
  const { seq, at, business_id, actor_user_id, actor_email, actor_via, action, route, target_id, ip, user_agent, before, after } = entry;
  const body = canonicalJson({ seq, at, business_id, actor_user_id, actor_email, actor_via, action, route, target_id, ip, user_agent, before, after });
  return createHash("sha256").update(`${prevHash}\n${body}`).digest("hex");
}

export type ChainCheck = { valid: true; entries: number; head_hash: string } | { valid: false; entries: number; first_invalid_seq: number; reason: string };

/**
 * Walks a chain in order. `start` anchors it: the genesis hash for a whole log, or the hash before
 * the first entry when only a later part is checked. Stops at the first entry that does not hold.
 */
export function verifyChain(entries: readonly AuditEntry[], start = { seq: 0, hash: GENESIS_HASH }): ChainCheck {
  let prev = start;
  for (const e of entries) {
    const at = Number(e.seq);
    if (at !== prev.seq + 1)
      return {
        valid: false,
        entries: entries.length,
        first_invalid_seq: at,
        reason: `expected entry ${prev.seq + 1} here, found ${at}: an entry is missing or out of order`,
      };
    if (e.prev_hash !== prev.hash)
      return { valid: false, entries: entries.length, first_invalid_seq: at, reason: "its previous hash does not match the entry before it" };
    if (entryHash(e, e.prev_hash) !== e.hash)
      return { valid: false, entries: entries.length, first_invalid_seq: at, reason: "its contents do not match its hash: the entry was altered" };
    prev = { seq: at, hash: e.hash };
  }
  return { valid: true, entries: entries.length, head_hash: prev.hash };
}

/**
 * CSV cells of an export: a cell a spreadsheet would run as a formula gets a leading apostrophe, and
 * so does one that already starts with an apostrophe, so the verifier can always take exactly one
 * off again (undefuseCell) and hash the value as stored.
 */
export const defuseCell = (s: string) => (/^['=+\-@\t\r]/.test(s) ? `'${s}` : s);
export const undefuseCell = (s: string) => (s.startsWith("'") ? s.slice(1) : s);

export const AUDIT_CSV_COLUMNS = [
  "seq",
  "at",
  "business_id",
  "actor_user_id",
  "actor_email",
  "actor_via",
  "action",
  "route",
  "target_id",
  "ip",
  "user_agent",
  "before",
  "after",
  "prev_hash",
  "hash",
] as const satisfies readonly (keyof AuditEntry)[];

const JSON_COLUMNS = new Set(["before", "after"]);
const NULLABLE = new Set(["actor_user_id", "target_id", "before", "after"]);

/** One entry as CSV cells: JSON columns as JSON text, null as an empty cell. */
export function entryToCells(e: AuditEntry): string[] {
  return AUDIT_CSV_COLUMNS.map((c) => {
    const v = e[c];
    if (v === null) return "";
    return defuseCell(JSON_COLUMNS.has(c) ? JSON.stringify(v) : String(v));
  });
}

/** The inverse of entryToCells, for the verifier; throws on a header it does not know. */
export function entriesFromCsvRows(rows: string[][]): AuditEntry[] {
  const [header, ...body] = rows;
  if (!header || header.join(",") !== AUDIT_CSV_COLUMNS.join(",")) throw new Error(`the first line must be: ${AUDIT_CSV_COLUMNS.join(",")}`);
  return body.map((cells) => {
    const e: Record<string, unknown> = {};
    AUDIT_CSV_COLUMNS.forEach((c, i) => {
      const raw = undefuseCell(cells[i] ?? "");
      if (raw === "" && NULLABLE.has(c)) e[c] = null;
      else if (c === "seq") e[c] = Number(raw);
      else e[c] = JSON_COLUMNS.has(c) ? JSON.parse(raw) : raw;
    });
    return e as AuditEntry;
  });
}

/**
 * The sandbox KYB provider: a real case file in the database (company facts, people, document files),
 * a verification page reached by an unguessable token, and a reviewer who decides in the sandbox
 * console, by API, or automatically after a configurable delay. States follow SPEC §3:
 * READY (link issued) → IN_PROGRESS (something saved) → IN_REVIEW (submitted) with review PENDING
 * until APPROVED, CORRECTION_REQUESTED (back to IN_PROGRESS, with a reason) or REJECTED.
 */
import { randomBytes } from "node:crypto";
import { and, asc, desc, eq, isNotNull, lte } from "drizzle-orm";
import type { Db, Queryable } from "../../db/client.ts";
import { businesses, sandboxKybCases, sandboxKybDocuments } from "../../db/schema/index.ts";
import { badRequest, conflict, notFound } from "../../../lib/errors.ts";
import {
  KYB_DOCUMENT_KINDS,
  KYB_DOCUMENT_MAX_BYTES,
  KYB_DOCUMENT_TYPES,
  KYB_DOCUMENTS,
  type KybCaseRow,
  type KybCaseView,
  type KybCompany,
  type KybDocumentInfo,
  type KybDocumentKind,
  type KybPerson,
  type KycState,
  type ReviewStatus,
} from "../../../../resources/kyb.ts";
import type { KybListener, KybProvider, KybUpdate } from "./provider.ts";

type Case = typeof sandboxKybCases.$inferSelect;

/** The file types a reviewer can open, recognised by their first bytes (never by the name). */
export function documentType(bytes: Buffer): "application/pdf" | "image/png" | "image/jpeg" | null {
  if (bytes.subarray(0, 5).toString("latin1") === "%PDF-") return "application/pdf";
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "image/png";
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  return null;
}

const editable = (c: Case) => c.reviewStatus !== "APPROVED" && c.reviewStatus !== "REJECTED" && c.state !== "IN_REVIEW";

export function sandboxKyb(db: Db, publicUrl: string, listener: KybListener) {
  async function load(q: Queryable, token: string) {
    const [c] = await q.select().from(sandboxKybCases).where(eq(sandboxKybCases.token, token)).for("update");
    if (!c) throw notFound("This verification link is not valid");
    return c;
  }
  async function set(q: Queryable, c: Case, patch: Partial<Case> & { state?: KycState; reviewStatus?: ReviewStatus }) {
    const [next] = await q.update(sandboxKybCases).set(patch).where(eq(sandboxKybCases.businessId, c.businessId)).returning();
    if (next.state !== c.state || next.reviewStatus !== c.reviewStatus) {
      const update: KybUpdate = { kycState: next.state as KycState, reviewStatus: next.reviewStatus as ReviewStatus, reason: next.decisionReason };
      await listener(q, c.businessId, update);
    }
    return next;
  }
  /** The first save of anything moves a fresh or corrected case to IN_PROGRESS. */
  function startEditing(c: Case) {
    if (!editable(c))
      throw conflict(
        c.state === "IN_REVIEW" && c.reviewStatus === "PENDING" ? "This verification is in review and cannot be changed" : "This verification is closed",
      );
    return { state: "IN_PROGRESS" as const };
  }
  async function documentsOf(q: Queryable, businessId: string): Promise<KybDocumentInfo[]> {
    const rows = await q
      .select({
        id: sandboxKybDocuments.id,
        kind: sandboxKybDocuments.kind,
        file_name: sandboxKybDocuments.fileName,
        content_type: sandboxKybDocuments.contentType,
        size: sandboxKybDocuments.size,
        created_at: sandboxKybDocuments.createdAt,
      })
      .from(sandboxKybDocuments)
      .where(eq(sandboxKybDocuments.businessId, businessId))
      .orderBy(asc(sandboxKybDocuments.createdAt));
    return rows.map((d) => ({ ...d, kind: d.kind as KybDocumentKind, created_at: d.created_at.toISOString() }));
  }
  async function view(q: Queryable, c: Case): Promise<KybCaseView> {
    const [b] = await q.select({ name: businesses.name }).from(businesses).where(eq(businesses.id, c.businessId));
    return {
      business_id: c.businessId,
      business_name: b.name,
      state: c.state as KycState,
      review_status: c.reviewStatus as ReviewStatus,
      decision_reason: c.decisionReason,
      // Stored as validated (KybCompany, KybPerson).
      company: c.company as KybCompany | null,
      people: c.people as KybPerson[],
      documents: await documentsOf(q, c.businessId),
      submitted_at: c.submittedAt?.toISOString() ?? null,
      decided_at: c.decidedAt?.toISOString() ?? null,
      editable: editable(c),
    };
  }
  function missing(c: Case, kinds: string[]) {
    const out: { path: string; message: string }[] = [];
    if (!c.company) out.push({ path: "company", message: "Company information is required" });
    if (!c.people.length) out.push({ path: "people", message: "Add at least one director" });
    for (const kind of KYB_DOCUMENT_KINDS) {
      if (KYB_DOCUMENTS[kind].required && !kinds.includes(kind)) out.push({ path: `documents.${kind}`, message: `${KYB_DOCUMENTS[kind].label} is required` });
    }
    return out;
  }

  async function decide(q: Queryable, businessId: string, decision: "APPROVED" | "CORRECTION_REQUESTED" | "REJECTED", reason: string | null) {
    const [c] = await q.select().from(sandboxKybCases).where(eq(sandboxKybCases.businessId, businessId)).for("update");
    if (!c) throw notFound("No verification case for this business");
    if (c.state !== "IN_REVIEW" || c.reviewStatus !== "PENDING") throw conflict("Only a submitted verification waiting for review can be decided");
    const state: KycState = decision === "CORRECTION_REQUESTED" ? "IN_PROGRESS" : "IN_REVIEW";
    return set(q, c, { state, reviewStatus: decision, decisionReason: decision === "APPROVED" ? null : reason, decidedAt: new Date() });
  }

  const provider: KybProvider = {
    async openCase(q, businessId) {
      const [found] = await q.select().from(sandboxKybCases).where(eq(sandboxKybCases.businessId, businessId));
      const url = (token: string) => `${publicUrl}/sandbox/kyb/${token}`;
      if (found) return { url: url(found.token), opened: false };
      const token = randomBytes(24).toString("base64url");
      await q.insert(sandboxKybCases).values({ businessId, token }).onConflictDoNothing();
      const [c] = await q.select().from(sandboxKybCases).where(eq(sandboxKybCases.businessId, businessId));
      if (c.token === token) await listener(q, businessId, { kycState: "READY", reviewStatus: "PENDING", reason: null });
      return { url: url(c.token), opened: c.token === token };
    },
    async companyFacts(q, businessId) {
      const [c] = await q
        .select({ company: sandboxKybCases.company, reviewStatus: sandboxKybCases.reviewStatus })
        .from(sandboxKybCases)
        .where(eq(sandboxKybCases.businessId, businessId));
      return c?.reviewStatus === "APPROVED" ? ((c.company as KybCompany | null) ?? null) : null;
    },
  };

  return {
    provider,
    /** The verification page's view of its case. */
    get: (token: string) => db.transaction(async (tx) => view(tx, await load(tx, token))),
    saveCompany: (token: string, company: KybCompany) =>
      db.transaction(async (tx) => {
        const c = await load(tx, token);
        return view(tx, await set(tx, c, { ...startEditing(c), company }));
      }),
    savePeople: (token: string, people: KybPerson[]) =>
      db.transaction(async (tx) => {
        const c = await load(tx, token);
        return view(tx, await set(tx, c, { ...startEditing(c), people }));
      }),
    /** Stores a document's file; one per kind (a new upload replaces the old). */
    addDocument: (token: string, kind: KybDocumentKind, fileName: string, bytes: Buffer) =>
      db.transaction(async (tx) => {
        const c = await load(tx, token);
        const patch = startEditing(c);
        if (bytes.length === 0) throw badRequest("The file is empty", [{ path: "file", message: "The file is empty" }]);
        if (bytes.length > KYB_DOCUMENT_MAX_BYTES) throw badRequest("The file is larger than 5MB", [{ path: "file", message: "The file is larger than 5MB" }]);
        const contentType = documentType(bytes);
        if (!contentType) throw badRequest(`The file must be a ${KYB_DOCUMENT_TYPES}`, [{ path: "file", message: `The file must be a ${KYB_DOCUMENT_TYPES}` }]);
        await tx.delete(sandboxKybDocuments).where(and(eq(sandboxKybDocuments.businessId, c.businessId), eq(sandboxKybDocuments.kind, kind)));
        await tx.insert(sandboxKybDocuments).values({ businessId: c.businessId, kind, fileName, contentType, size: bytes.length, content: bytes });
        return view(tx, await set(tx, c, patch));
      }),
    removeDocument: (token: string, id: string) =>
      db.transaction(async (tx) => {
        const c = await load(tx, token);
        startEditing(c);
        const gone = await tx
          .delete(sandboxKybDocuments)
          .where(and(eq(sandboxKybDocuments.businessId, c.businessId), eq(sandboxKybDocuments.id, id)))
          .returning({ id: sandboxKybDocuments.id });
        if (!gone.length) throw notFound("Document not found");
        return view(tx, c);
      }),
    /** Hands the case to the reviewer: everything required must be there. */
    submit: (token: string) =>
      db.transaction(async (tx) => {
        const c = await load(tx, token);
        startEditing(c);
        const kinds = (await documentsOf(tx, c.businessId)).map((d) => d.kind);
        const gaps = missing(c, kinds);
        if (gaps.length) throw badRequest("The verification is incomplete", gaps);
        return view(tx, await set(tx, c, { state: "IN_REVIEW", reviewStatus: "PENDING", submittedAt: new Date() }));
      }),

    /** The sandbox console: every case, newest submissions first. */
    async cases() {
      const rows = await db
        .select({
          business_id: sandboxKybCases.businessId,
          business_name: businesses.name,
          state: sandboxKybCases.state,
          review_status: sandboxKybCases.reviewStatus,
          decision_reason: sandboxKybCases.decisionReason,
          submitted_at: sandboxKybCases.submittedAt,
          decided_at: sandboxKybCases.decidedAt,
        })
        .from(sandboxKybCases)
        .innerJoin(businesses, eq(businesses.id, sandboxKybCases.businessId))
        .orderBy(desc(sandboxKybCases.submittedAt), desc(sandboxKybCases.createdAt))
        .limit(200);
      return rows.map(
        (r): KybCaseRow => ({
          ...r,
          state: r.state as KycState,
          review_status: r.review_status as ReviewStatus,
          submitted_at: r.submitted_at?.toISOString() ?? null,
          decided_at: r.decided_at?.toISOString() ?? null,
        }),
      );
    },
    caseOf: (businessId: string) =>
      db.transaction(async (tx) => {
        const [c] = await tx.select().from(sandboxKybCases).where(eq(sandboxKybCases.businessId, businessId));
        if (!c) throw notFound("No verification case for this business");
        return view(tx, c);
      }),
    async documentFile(businessId: string, id: string) {
      const [d] = await db
        .select()
        .from(sandboxKybDocuments)
        .where(and(eq(sandboxKybDocuments.businessId, businessId), eq(sandboxKybDocuments.id, id)));
      if (!d) throw notFound("Document not found");
      return d;
    },
    decide: (businessId: string, decision: "APPROVED" | "CORRECTION_REQUESTED" | "REJECTED", reason: string | null) =>
      db.transaction(async (tx) => view(tx, await decide(tx, businessId, decision, reason))),
    /** Approves every case that has waited in review longer than the delay; returns how many. */
    async decideDue(delaySeconds: number) {
      const due = await db
        .select({ businessId: sandboxKybCases.businessId })
        .from(sandboxKybCases)
        .where(
          and(
            eq(sandboxKybCases.state, "IN_REVIEW"),
            eq(sandboxKybCases.reviewStatus, "PENDING"),
            isNotNull(sandboxKybCases.submittedAt),
            lte(sandboxKybCases.submittedAt, new Date(Date.now() - delaySeconds * 1000)),
          ),
        );
      let n = 0;
      for (const { businessId } of due) {
        try {
          await db.transaction((tx) => decide(tx, businessId, "APPROVED", null));
          n++;
        } catch {
          // decided meanwhile by someone else: nothing to do
        }
      }
      return n;
    },
  };
}
export type SandboxKyb = ReturnType<typeof sandboxKyb>;

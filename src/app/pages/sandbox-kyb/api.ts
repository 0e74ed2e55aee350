/**
 * The sandbox KYB provider's calls, typed: the verification page's (by the case's token) and the
 * reviewer console's (by business id). Each returns the answer's data; the pages word their own toasts.
 */
import type { KybCompany, KybDocumentKind, KybPerson, KycState, ReviewStatus } from "../../../../resources/kyb.ts";
import { api, apiForm } from "../../api/client.ts";

export type KybDocumentInfo = { id: string; kind: KybDocumentKind; file_name: string; content_type: string; size: number; created_at: string };

/** What both the verification page and the reviewer see of a case. */
export type KybCaseView = {
  business_id: string;
  business_name: string;
  state: KycState;
  review_status: ReviewStatus;
  decision_reason: string | null;
  company: KybCompany | null;
  people: KybPerson[];
  documents: KybDocumentInfo[];
  submitted_at: string | null;
  decided_at: string | null;
  editable: boolean;
};

export type KybCaseRow = Pick<KybCaseView, "business_id" | "business_name" | "state" | "review_status" | "decision_reason" | "submitted_at" | "decided_at">;
export type KybDecisionKind = "APPROVED" | "CORRECTION_REQUESTED" | "REJECTED";

const casePath = (token: string) => `sandbox/kyb/cases/${encodeURIComponent(token)}`;
const reviewPath = (businessId: string) => `sandbox/kyb/reviews/${encodeURIComponent(businessId)}`;
const data = <T>(p: Promise<{ data: T }>) => p.then((r) => r.data);

export const verificationApi = {
  get: (token: string) => data(api<KybCaseView>("GET", casePath(token))),
  saveCompany: (token: string, company: KybCompany) => data(api<KybCaseView>("PUT", `${casePath(token)}/company`, company)),
  savePeople: (token: string, people: KybPerson[]) => data(api<KybCaseView>("PUT", `${casePath(token)}/people`, { people })),
  upload: (token: string, kind: KybDocumentKind, file: File) => {
    // The server reads `kind` before the file, so it must come first.
    const body = new FormData();
    body.append("kind", kind);
    body.append("file", file, file.name);
    return data(apiForm<KybCaseView>("POST", `${casePath(token)}/documents`, body));
  },
  removeDocument: (token: string, id: string) => data(api<KybCaseView>("DELETE", `${casePath(token)}/documents/${encodeURIComponent(id)}`)),
  submit: (token: string) => data(api<KybCaseView>("POST", `${casePath(token)}/submit`)),
};

export const reviewApi = {
  list: () => data(api<KybCaseRow[]>("GET", "sandbox/kyb/reviews")),
  get: (businessId: string) => data(api<KybCaseView>("GET", reviewPath(businessId))),
  decide: (businessId: string, decision: KybDecisionKind, reason?: string) =>
    data(api<KybCaseView>("POST", `${reviewPath(businessId)}/decision`, decision === "APPROVED" ? { decision } : { decision, reason })),
  /** Opened in a new tab by a plain link: the browser sends nothing else the server needs. */
  documentUrl: (businessId: string, id: string) => `/api/${reviewPath(businessId)}/documents/${encodeURIComponent(id)}`,
};

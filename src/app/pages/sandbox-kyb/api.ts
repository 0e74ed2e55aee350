/**
 * The sandbox KYB provider's calls, typed by their declarations (sandboxKybEndpoints): the
 * verification page's (by the case's token) and the reviewer console's (by business id). Each
 * returns the answer's data; the pages word their own toasts.
 */
import { type KYB_DECISIONS, sandboxKybEndpoints, type KybCompany, type KybDocumentKind, type KybPerson } from "../../../../resources/kyb.ts";
import type { ReceivedOf } from "../../../../resources/define-endpoint.ts";
import { apiForm } from "../../api/client.ts";
import { call, urlOf } from "../../api/call.ts";

export type { KybCaseRow, KybCaseView, KybDocumentInfo } from "../../../../resources/kyb.ts";
export type KybDecisionKind = (typeof KYB_DECISIONS)[number];

const data = <T>(p: Promise<{ data: T }>) => p.then((r) => r.data);

export const verificationApi = {
  get: (token: string) => data(call(sandboxKybEndpoints.get, { params: { token } })),
  saveCompany: (token: string, company: KybCompany) => data(call(sandboxKybEndpoints.saveCompany, { params: { token }, body: company })),
  savePeople: (token: string, people: KybPerson[]) => data(call(sandboxKybEndpoints.savePeople, { params: { token }, body: { people } })),
  upload: (token: string, kind: KybDocumentKind, file: File) => {
    // The server reads `kind` before the file, so it must come first.
    const body = new FormData();
    body.append("kind", kind);
    body.append("file", file, file.name);
    const ep = sandboxKybEndpoints.addDocument;
    return data(apiForm<ReceivedOf<typeof ep>>(ep.method, urlOf(ep, { params: { token } }), body));
  },
  removeDocument: (token: string, id: string) => data(call(sandboxKybEndpoints.removeDocument, { params: { token, id } })),
  submit: (token: string) => data(call(sandboxKybEndpoints.submit, { params: { token } })),
};

export const reviewApi = {
  list: () => data(call(sandboxKybEndpoints.cases)),
  get: (businessId: string) => data(call(sandboxKybEndpoints.caseOf, { params: { businessId } })),
  decide: (businessId: string, decision: KybDecisionKind, reason?: string) =>
    data(call(sandboxKybEndpoints.decide, { params: { businessId }, body: decision === "APPROVED" ? { decision } : { decision, reason } })),
  /** Opened in a new tab by a plain link: the browser sends nothing else the server needs. */
  documentUrl: (businessId: string, id: string) => `/api${urlOf(sandboxKybEndpoints.document, { params: { businessId, id } })}`,
};

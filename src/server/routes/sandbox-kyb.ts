/**
 * The sandbox KYB provider's own surface (SANDBOX only; declared in resources/kyb.ts): the verification
 * page's calls, reached by the case's unguessable token, and the reviewer's console and decision API.
 * A real provider would host these itself; here they make KYB work end to end on a fresh machine.
 */
import multipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import type { Services } from "../services/index.ts";
import { AppError, badRequest } from "../../lib/errors.ts";
import { KYB_DOCUMENT_KINDS, KYB_DOCUMENT_MAX_BYTES, sandboxKybEndpoints as ep, type KybDocumentKind } from "../../../resources/kyb.ts";
import { serve, type Handler, type ServeOptions } from "./endpoint.ts";
import { attachment, ok } from "./respond.ts";

const TOO_LARGE = "The file is larger than 5MB";
/** The sandbox plays the KYB provider: its pages and reviewer act for the provider, not for a member, so no audit entry (the business hears of decisions as KYB events). */
const provider: ServeOptions = { audit: false };

export async function sandboxKybRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const kyb = services.sandboxKyb;
  await app.register(multipart, { limits: { fileSize: KYB_DOCUMENT_MAX_BYTES + 1, files: 1, fields: 2, parts: 3 } });
  const route = <E extends (typeof ep)[keyof typeof ep]>(e: E, handler: Handler<E>) => serve(app, e, handler, provider);

  route(ep.get, async (req) => ok("Verification", await kyb.get(req.params.token)));
  route(ep.saveCompany, async (req) => ok("Company information saved", await kyb.saveCompany(req.params.token, req.body)));
  route(ep.savePeople, async (req) => ok("Directors and owners saved", await kyb.savePeople(req.params.token, req.body.people)));
  // multipart: field `kind` first, then the file.
  route(ep.addDocument, async (req) => {
    if (!req.isMultipart()) throw badRequest("Send the document as multipart/form-data with the fields 'kind' and 'file'");
    let kind: string | undefined;
    let file: { name: string; bytes: Buffer } | undefined;
    try {
      for await (const part of req.parts()) {
        if (part.type === "field" && part.fieldname === "kind") kind = String(part.value);
        else if (part.type === "file" && part.fieldname === "file") {
          const bytes = await part.toBuffer();
          if (part.file.truncated || bytes.length > KYB_DOCUMENT_MAX_BYTES) throw badRequest(TOO_LARGE, [{ path: "file", message: TOO_LARGE }]);
          file = { name: part.filename || "document", bytes };
        } else if (part.type === "file") await part.toBuffer();
      }
    } catch (e) {
      if (e instanceof AppError) throw e;
      throw badRequest(TOO_LARGE, [{ path: "file", message: TOO_LARGE }]);
    }
    if (!kind || !(KYB_DOCUMENT_KINDS as string[]).includes(kind))
      throw badRequest("Choose the kind of document", [{ path: "kind", message: `kind must be one of ${KYB_DOCUMENT_KINDS.join(", ")}` }]);
    if (!file) throw badRequest("Choose a file to upload", [{ path: "file", message: "A file is required" }]);
    if (/[\u0000-\u001f\u007f]/.test(file.name) || file.name.length > 200)
      throw badRequest("The file name is not valid", [{ path: "file", message: "The file name is not valid" }]);
    return ok("Document uploaded", await kyb.addDocument(req.params.token, kind as KybDocumentKind, file.name, file.bytes));
  });
  route(ep.removeDocument, async (req) => ok("Document removed", await kyb.removeDocument(req.params.token, req.params.id)));
  route(ep.submit, async (req) => ok("Verification submitted", await kyb.submit(req.params.token)));

  // The reviewer's console.
  route(ep.cases, async () => ok("Verification cases", await kyb.cases()));
  route(ep.caseOf, async (req) => ok("Verification", await kyb.caseOf(req.params.businessId)));
  route(ep.document, async (req, reply) => {
    const d = await kyb.documentFile(req.params.businessId, req.params.id);
    return reply.type(d.contentType).header("content-disposition", attachment(d.fileName)).header("x-content-type-options", "nosniff").send(d.content);
  });
  route(ep.decide, async (req) => ok("Decision recorded", await kyb.decide(req.params.businessId, req.body.decision, req.body.reason ?? null)));
}

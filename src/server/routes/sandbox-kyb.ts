/**
 * The sandbox KYB provider's own surface (SANDBOX only): the verification page's calls, reached by
 * the case's unguessable token, and the reviewer's console and decision API. A real provider would
 * host these itself; here they make KYB work end to end on a fresh machine.
 */
import { z } from "zod";
import multipart from "@fastify/multipart";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Services } from "../services/index.ts";
import { AppError, badRequest } from "../../lib/errors.ts";
import {
  KYB_DOCUMENT_KINDS,
  KYB_DOCUMENT_MAX_BYTES,
  KYB_DOCUMENT_TYPES,
  KybCompany,
  KybDecision,
  KybPeople,
  type KybDocumentKind,
} from "../../../resources/kyb.ts";
import { attachment, ok } from "./respond.ts";
import { fileField } from "../lib/openapi-responses.ts";

const tags = ["sandbox"];
/** The sandbox plays the KYB provider: its pages and reviewer act for the provider, not for a member, so no audit entry (the business hears of decisions as KYB events). */
const rule = { access: { obj: "sandbox", act: "kyb" }, audit: false as const };
const TokenParams = z.object({ token: z.string().min(16, "Invalid verification link").max(100, "Invalid verification link") });
const CaseParams = z.object({ businessId: z.uuid({ error: "Invalid business id" }) });
const TOO_LARGE = "The file is larger than 5MB";
/** A document upload as the OpenAPI document shows it (documentation only: the handler reads the parts). */
const DocumentUpload = z.object({
  kind: z.enum(KYB_DOCUMENT_KINDS).meta({ description: "Which document this is; sent before the file" }),
  file: fileField(`The document: ${KYB_DOCUMENT_TYPES}, at most 5MB`),
});

export const sandboxKybRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const kyb = services.sandboxKyb;
  await app.register(multipart, { limits: { fileSize: KYB_DOCUMENT_MAX_BYTES + 1, files: 1, fields: 2, parts: 3 } });

  app.get("/sandbox/kyb/cases/:token", { config: rule, schema: { tags, summary: "Sandbox: Get a KYB verification", params: TokenParams } }, async (req) =>
    ok("Verification", await kyb.get(req.params.token)),
  );
  app.put(
    "/sandbox/kyb/cases/:token/company",
    { config: rule, schema: { tags, summary: "Sandbox: Save KYB company information", params: TokenParams, body: KybCompany } },
    async (req) => ok("Company information saved", await kyb.saveCompany(req.params.token, req.body)),
  );
  app.put(
    "/sandbox/kyb/cases/:token/people",
    { config: rule, schema: { tags, summary: "Sandbox: Save KYB directors and owners", params: TokenParams, body: KybPeople } },
    async (req) => ok("Directors and owners saved", await kyb.savePeople(req.params.token, req.body.people)),
  );
  // multipart: field `kind` first, then the file.
  app.post(
    "/sandbox/kyb/cases/:token/documents",
    {
      config: { ...rule, openapi: { status: 201, multipart: DocumentUpload } },
      schema: { tags, summary: "Sandbox: Upload a KYB document", params: TokenParams },
    },
    async (req, reply) => {
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
      const view = await kyb.addDocument(req.params.token, kind as KybDocumentKind, file.name, file.bytes);
      return reply.code(201).send(ok("Document uploaded", view));
    },
  );
  app.delete(
    "/sandbox/kyb/cases/:token/documents/:id",
    { config: rule, schema: { tags, summary: "Sandbox: Remove a KYB document", params: TokenParams.extend({ id: z.uuid({ error: "Invalid document id" }) }) } },
    async (req) => ok("Document removed", await kyb.removeDocument(req.params.token, req.params.id)),
  );
  app.post(
    "/sandbox/kyb/cases/:token/submit",
    { config: rule, schema: { tags, summary: "Sandbox: Submit a KYB verification", params: TokenParams } },
    async (req) => ok("Verification submitted", await kyb.submit(req.params.token)),
  );

  // The reviewer's console.
  app.get("/sandbox/kyb/reviews", { config: rule, schema: { tags, summary: "Sandbox: List KYB cases to review" } }, async () =>
    ok("Verification cases", await kyb.cases()),
  );
  app.get(
    "/sandbox/kyb/reviews/:businessId",
    { config: rule, schema: { tags, summary: "Sandbox: Get a KYB case to review", params: CaseParams } },
    async (req) => ok("Verification", await kyb.caseOf(req.params.businessId)),
  );
  app.get(
    "/sandbox/kyb/reviews/:businessId/documents/:id",
    {
      config: rule,
      schema: { tags, summary: "Sandbox: Download a KYB case document", params: CaseParams.extend({ id: z.uuid({ error: "Invalid document id" }) }) },
    },
    async (req, reply) => {
      const d = await kyb.documentFile(req.params.businessId, req.params.id);
      return reply.type(d.contentType).header("content-disposition", attachment(d.fileName)).header("x-content-type-options", "nosniff").send(d.content);
    },
  );
  app.post(
    "/sandbox/kyb/reviews/:businessId/decision",
    { config: rule, schema: { tags, summary: "Sandbox: Decide a KYB case", params: CaseParams, body: KybDecision } },
    async (req) => ok("Decision recorded", await kyb.decide(req.params.businessId, req.body.decision, req.body.reason ?? null)),
  );
};

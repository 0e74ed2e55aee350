/**
 * Every answer an API test receives is checked against the API document (issue 27 item 3): the
 * operation is documented, the status is one it documents (or its `default`), the media type is one
 * documented for that status, and a JSON body validates against the documented schema (Ajv, JSON
 * Schema 2020-12 as OpenAPI 3.1 writes it). The test client (helpers/api.ts) runs it on each call,
 * so a route whose answer drifts from its documentation fails whichever test calls it.
 */
import type { FastifyInstance } from "fastify";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";

type Media = Record<string, { schema?: object }>;
type Operation = { responses: Record<string, { content?: Media }> };
type Doc = { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, object> } };

type Contract = {
  /** The documented operation a concrete request lands on (a literal segment beats a parameter). */
  match: (method: string, path: string) => Operation | undefined;
  validator: (schema: object) => ValidateFunction;
};

const contracts = new WeakMap<FastifyInstance, Promise<Contract | null>>();

async function load(app: FastifyInstance): Promise<Contract | null> {
  const res = await app.inject({ method: "GET", url: "/api/openapi.json" });
  if (res.statusCode !== 200) return null;
  const doc = res.json() as Doc;
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  ajv.addSchema({ $id: "openapi.json", components: doc.components ?? {} });
  const compiled = new WeakMap<object, ValidateFunction>();
  // Component references point into the document registered above.
  const rebased = (schema: object) => JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi.json#/components/')) as object;
  const routes = Object.entries(doc.paths)
    .map(([path, ops]) => ({
      ops,
      params: (path.match(/\{/g) ?? []).length,
      pattern: new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\\?\{[^}]+\\?\}/g, "[^/]+")}$`),
    }))
    .sort((a, b) => a.params - b.params);
  return {
    match: (method, path) => routes.find((r) => r.pattern.test(path) && r.ops[method.toLowerCase()])?.ops[method.toLowerCase()],
    validator: (schema) => {
      let v = compiled.get(schema);
      if (!v) compiled.set(schema, (v = ajv.compile(rebased(schema))));
      return v;
    },
  };
}

/** What is wrong with this answer as the document describes it; null when nothing. */
export async function contractProblem(
  app: FastifyInstance,
  method: string,
  url: string,
  res: { status: number; headers: Record<string, unknown>; body: unknown; json: boolean },
): Promise<string | null> {
  let contract = contracts.get(app);
  if (!contract) contracts.set(app, (contract = load(app)));
  const c = await contract;
  const path = url.split("?")[0]!;
  // Outside the documented API: the document itself, the sandbox switched off (no document), unknown paths.
  if (!c || path === "/api/openapi.json") return null;
  const op = c.match(method, path);
  if (!op) return res.status === 404 || res.status === 405 ? null : `${method} ${path}: answered ${res.status} but no such operation is documented`;
  const documented = op.responses[String(res.status)] ?? op.responses.default;
  if (!documented) return `${method} ${path}: ${res.status} is not documented`;
  const type = String(res.headers["content-type"] ?? "")
    .split(";")[0]!
    .trim();
  if (!documented.content) return type && res.status !== 204 ? `${method} ${path}: ${res.status} documents no body but sent ${type}` : null;
  const media = documented.content[type];
  if (!media) return `${method} ${path}: ${res.status} sent ${type || "no content type"}, documented ${Object.keys(documented.content).join(", ")}`;
  // A file (a JSON export too) is documented as bytes: its media type is what is checked.
  if (!res.json || !media.schema || type !== "application/json" || (media.schema as { format?: string }).format === "binary") return null;
  const validate = c.validator(media.schema);
  if (validate(res.body)) return null;
  return `${method} ${path}: the ${res.status} body does not match the document: ${(validate.errors ?? []).map((e) => `${e.instancePath || "/"} ${e.message}`).join("; ")}`;
}

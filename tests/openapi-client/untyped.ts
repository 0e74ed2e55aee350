/**
 * Reads the API document as a client team would: generates TypeScript types with openapi-typescript,
 * compiles them with TypeScript 5.9's compiler API (openapi-typescript needs it; the project itself
 * runs TypeScript 7, which has none: hence this workspace package with its own), and lists every
 * JSON success answer whose generated type is, or holds somewhere, `unknown` or `any`.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import openapiTS, { astToString } from "openapi-typescript";
import ts from "typescript";

export type Finding = { operation: string; status: string; where: string };

/** The generated types, as text (for a failing test to show). */
export async function generatedTypes(doc: object): Promise<string> {
  return astToString(await openapiTS(doc as Parameters<typeof openapiTS>[0]));
}

export async function untypedResponses(doc: object): Promise<Finding[]> {
  const dir = mkdtempSync(join(tmpdir(), "openapi-client-"));
  const file = join(dir, "api.ts");
  writeFileSync(file, await generatedTypes(doc));
  const program = ts.createProgram([file], { strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, skipLibCheck: true });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file)!;
  const operations = source.statements.find((s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === "operations");
  if (!operations) throw new Error("openapi-typescript generated no operations interface");
  const prop = (type: ts.Type, name: string) => {
    const symbol = type.getProperty(name);
    return symbol ? checker.getNonNullableType(checker.getTypeOfSymbol(symbol)) : undefined;
  };

  const findings: Finding[] = [];
  for (const op of checker.getTypeAtLocation(operations).getProperties()) {
    const responses = prop(checker.getTypeOfSymbol(op), "responses");
    for (const status of responses?.getProperties() ?? []) {
      if (!/^2\d\d$/.test(status.name)) continue;
      const json = prop(prop(checker.getTypeOfSymbol(status), "content") ?? checker.getNeverType(), "application/json");
      if (!json) continue;
      const where = untypedPath(checker, json, "body", new Set());
      if (where) findings.push({ operation: op.name, status: status.name, where });
    }
  }
  return findings;
}

const LOOSE = ts.TypeFlags.Unknown | ts.TypeFlags.Any;

/** The first place inside the type that is `unknown` or `any` (a property, an array's items, a record's values), or null. */
function untypedPath(checker: ts.TypeChecker, type: ts.Type, path: string, seen: Set<ts.Type>): string | null {
  if (type.flags & LOOSE) return path;
  if (seen.has(type)) return null;
  seen.add(type);
  if (type.isUnion() || type.isIntersection()) {
    for (const t of type.types) {
      const found = untypedPath(checker, t, path, seen);
      if (found) return found;
    }
    return null;
  }
  if (checker.isArrayType(type) || checker.isTupleType(type)) {
    for (const t of checker.getTypeArguments(type as ts.TypeReference)) {
      const found = untypedPath(checker, t, `${path}[]`, seen);
      if (found) return found;
    }
    return null;
  }
  if (!(type.flags & ts.TypeFlags.Object)) return null;
  const index = checker.getIndexInfosOfType(type);
  for (const info of index) {
    const found = untypedPath(checker, info.type, `${path}[key]`, seen);
    if (found) return found;
  }
  for (const symbol of type.getProperties()) {
    const found = untypedPath(checker, checker.getTypeOfSymbol(symbol), `${path}.${symbol.name}`, seen);
    if (found) return found;
  }
  return null;
}

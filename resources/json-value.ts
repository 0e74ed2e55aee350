/**
 * Any JSON value, declared (not `unknown`) so a generated client types it: for what the product keeps
 * as it was sent, e.g. an audit entry's before and after. An array holds scalars and objects, not
 * arrays directly: a schema whose array refers back to itself is one TypeScript clients cannot name
 * (openapi-typescript's output then types it `any`), and no request body nests arrays in arrays.
 */
import { z } from "zod";

type JsonScalar = string | number | boolean | null;
export type JsonObject = { [key: string]: JsonValue };
export type JsonValue = JsonScalar | (JsonScalar | JsonObject)[] | JsonObject;

const scalar = () => [z.string(), z.number(), z.boolean(), z.null()] as const;
const object = (): z.ZodType<JsonObject> => z.record(z.string(), JsonValue);

export const JsonValue: z.ZodType<JsonValue> = z
  .lazy(() => z.union([...scalar(), z.array(z.union([...scalar(), object()])), object()]))
  .meta({ id: "JsonValue" });

/** A JSON object's fields. */
export const JsonObject: z.ZodType<JsonObject> = z.lazy(object);

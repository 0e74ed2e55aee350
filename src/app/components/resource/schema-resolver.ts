/**
 * zodResolver, except that a union which names its own error keeps it. zodResolver reports a failed
 * union with its shortest branch's first issue, so MinorString's "Unit price is required" became
 * "Invalid input: expected string, received undefined"; the server answers with the union's message,
 * and the form should say the same. A union that names none gets its words from the global map
 * (resources/zod-messages.ts), which knows the union's field where a branch's issue does not: those
 * win over the branch's too.
 *
 * In another language than English, the messages are the member's (src/app/i18n/validation.ts);
 * `labels` are the form's field labels in that language, by field path.
 */
import { z } from "zod";
import type { FieldError, FieldValues, Resolver } from "react-hook-form";
import { type Labels, parseOptions, translateMessage, validationCatalogue, zodResolver } from "../../i18n/validation.ts";

type Issue = z.core.$ZodIssue;

/** The message zod gives an issue when the schema names none. */
function defaultMessage(issue: Issue): string | undefined {
  const d = z.config().localeError?.(issue as never);
  return typeof d === "string" ? d : d?.message;
}

/** The union's own message, where it declared one, for each failed union's path. */
function unionMessages(issues: Issue[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const i of issues) {
    if (i.code === "invalid_union" && i.message !== defaultMessage(i)) out.set(i.path.join("."), i.message);
  }
  return out;
}

function patch(errors: Record<string, unknown>, path: string, message: string) {
  const keys = path.split(".");
  let node: Record<string, unknown> | undefined = errors;
  for (const k of keys.slice(0, -1)) node = node?.[k] as Record<string, unknown> | undefined;
  const leaf = node?.[keys[keys.length - 1]] as FieldError | undefined;
  if (leaf && typeof leaf === "object" && "message" in leaf) leaf.message = message;
}

export function schemaResolver<S extends z.ZodType<FieldValues, FieldValues>>(schema: S, labels?: Labels): Resolver<z.input<S>, unknown, z.output<S>> {
  const base = zodResolver(schema as never, labels) as unknown as Resolver<z.input<S>, unknown, z.output<S>>;
  return async (values, context, options) => {
    const result = await base(values, context, options);
    if (!Object.keys(result.errors).length) return result;
    const catalogue = await validationCatalogue();
    const parsed = await schema.safeParseAsync(values, catalogue && parseOptions(catalogue, labels));
    for (const [path, message] of unionMessages(parsed.error?.issues ?? []))
      patch(result.errors as Record<string, unknown>, path, translateMessage(message, catalogue));
    return result;
  };
}

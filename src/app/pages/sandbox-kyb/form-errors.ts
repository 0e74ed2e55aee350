/**
 * Field errors, from the schema (before sending) or from the server (`address.city`,
 * `people.0.first_name`), put under the matching antd Form.Items; the ones no field shows are returned.
 */
import type { FormInstance } from "antd";
import type { z } from "zod";
import type { FieldError } from "../../../lib/errors.ts";

export type Issue = { path: (string | number)[]; message: string };

export const zodIssues = (error: z.ZodError): Issue[] =>
  error.issues.map((i) => ({ path: i.path.filter((p): p is string | number => typeof p !== "symbol"), message: i.message }));

export const serverIssues = (errors: FieldError[]): Issue[] =>
  errors.map((e) => ({ path: e.path ? e.path.split(".").map((s) => (/^\d+$/.test(s) ? Number(s) : s)) : [], message: e.message }));

/** Clears every shown error, then shows the new ones; returns the issues that match no field. */
export function showErrors(form: FormInstance, issues: Issue[]): Issue[] {
  const fields = form.getFieldsError();
  const known = new Set(fields.map((f) => JSON.stringify(f.name)));
  const byField = new Map<string, string[]>();
  const unplaced: Issue[] = [];
  for (const i of issues) {
    const key = JSON.stringify(i.path);
    if (!i.path.length || !known.has(key)) unplaced.push(i);
    else byField.set(key, [...(byField.get(key) ?? []), i.message]);
  }
  form.setFields(fields.map((f) => ({ name: f.name, errors: byField.get(JSON.stringify(f.name)) ?? [] })));
  return unplaced;
}

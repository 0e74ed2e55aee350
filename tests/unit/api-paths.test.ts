/**
 * The console names no API path of its own (issue 27): every request goes through an endpoint declared
 * in resources/ (call(), urlOf()), so a path is written once. Read from the source: a request helper
 * given a string or template literal as its path, outside src/app/api/, fails this test.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";

const ROOT = new URL("../../src/app/", import.meta.url).pathname;
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : []));

/** A literal path where a request helper takes one: api(method, "…"), apiForm(method, `…`), download("…"), fetch("/api…"), EventSource("/api…"). */
const LITERAL_PATH = [/\bapi(?:Form)?(?:<[^>]*>)?\(\s*[^,()]+,\s*["'`]/, /\bdownload\(\s*["'`]/, /\b(?:fetch|EventSource)\(\s*["'`]\/api/, /["'`]\/api\/[a-z]/];

test("no request in src/app is made with a path written out (outside the client itself)", () => {
  const offending = files(ROOT)
    .filter((f) => !f.startsWith(join(ROOT, "api/")))
    .flatMap((f) =>
      readFileSync(f, "utf8")
        .split("\n")
        .map((line, i) => ({ where: `${f.slice(ROOT.length)}:${i + 1}`, line }))
        .filter(({ line }) => LITERAL_PATH.some((re) => re.test(line))),
    )
    .map(({ where, line }) => `${where}: ${line.trim()}`);
  expect(offending).toEqual([]);
});

test("the check sees a written-out path", () => {
  const seen = (line: string) => LITERAL_PATH.some((re) => re.test(line));
  expect(seen('await api("POST", "payments", body)')).toBe(true);
  // Source text holding a template literal, as it would appear in a file.
  expect(seen('await api<Deal>("GET", `deals/$' + "{id}`)")).toBe(true);
  expect(seen("download(`statements/$" + '{s.id}/download`, "s.csv")')).toBe(true);
  expect(seen('const es = new EventSource("/api/events")')).toBe(true);
  expect(seen("await call(paymentEndpoints.send, { body })")).toBe(false);
  expect(seen("download(urlOf(statementEndpoints.download, { params: { id } }), name)")).toBe(false);
});

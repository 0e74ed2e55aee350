/**
 * The console has no antd App above its pages (src/app/providers/feedback.tsx stands in for it, with
 * its code loaded after the first paint): `App.useApp()` there would answer antd's empty default,
 * and a toast or confirmation through it would throw "not a function". useFeedback is the one way.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";

const ANTD_APP = /\bApp\.useApp\b|import\s*\{[^}]*\bApp\b[^}]*\}\s*from\s*"antd"/;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

describe("toasts and confirmations go through useFeedback", () => {
  const files = sources("src/app").map((path) => ({ path, text: readFileSync(path, "utf8") }));

  test("the scan reads the console's callers of useFeedback", () => {
    expect(files.filter((f) => f.text.includes("useFeedback()")).length).toBeGreaterThan(10);
  });

  test("no module takes antd's App or App.useApp", () => {
    expect(files.filter((f) => ANTD_APP.test(f.text)).map((f) => f.path)).toEqual([]);
  });

  test("the pattern catches both forms", () => {
    expect(ANTD_APP.test('import { Button, App } from "antd";')).toBe(true);
    expect(ANTD_APP.test("const { modal } = App.useApp();")).toBe(true);
    expect(ANTD_APP.test('import { AppstoreOutlined } from "@ant-design/icons";')).toBe(false);
  });
});

/**
 * The browser build leaves out antd's column filter menu, its virtual table and its row selection
 * through a tree of rows (vite.config.ts, NOT_IN_BROWSER): the console's lists filter through their
 * own filter bar, no table is virtual, and rows are selected one by one.
 * A table that asked for either would throw when it rendered; this says so while writing it instead.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";

const APP = "src/app";
/** The column properties that make antd render its filter menu. */
const COLUMN_FILTER =
  /\b(filterDropdown|filterDropdownProps|onFilter|filteredValue|defaultFilteredValue|filterIcon|filterMode|filterSearch|filterMultiple|filterOnClose|filterResetToDefaultFilteredValue)\s*:/;
/** A <Table ...> element with the virtual property (props up to the tag's end, arrows skipped). */
const VIRTUAL_TABLE = /<Table\b(?:[^>]|=>)*?\svirtual\b/;
/** Row selection that follows a tree of rows (antd's default is checkStrictly: true). */
const TREE_SELECTION = /\bcheckStrictly\s*[:=]\s*\{?\s*(false|!)/;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

describe("tables in the console use what the browser build has", () => {
  const files = sources(APP).map((path) => ({ path, text: readFileSync(path, "utf8") }));

  test("the console's sources are read (the scan is not empty)", () => {
    expect(files.filter((f) => f.text.includes("<Table")).length).toBeGreaterThan(5);
  });

  test("no table column asks for antd's filter menu", () => {
    expect(files.filter((f) => COLUMN_FILTER.test(f.text)).map((f) => f.path)).toEqual([]);
  });

  test("no table is virtual", () => {
    expect(files.filter((f) => VIRTUAL_TABLE.test(f.text)).map((f) => f.path)).toEqual([]);
  });

  test("no table selects rows through a tree of rows", () => {
    expect(files.filter((f) => TREE_SELECTION.test(f.text)).map((f) => f.path)).toEqual([]);
  });

  test("the patterns find what they look for", () => {
    expect(COLUMN_FILTER.test("{ title: 'State', dataIndex: 'state', onFilter: (v, r) => r.state === v }")).toBe(true);
    expect(COLUMN_FILTER.test("const onFilter = useCallback(() => {}, [])")).toBe(false);
    expect(VIRTUAL_TABLE.test("<Table rowKey={(r) => r.id} virtual scroll={{ y: 400 }} />")).toBe(true);
    expect(VIRTUAL_TABLE.test('<Table rowKey="id" />\n<Select virtual />')).toBe(false);
    expect(TREE_SELECTION.test("rowSelection={{ checkStrictly: false, onChange }}")).toBe(true);
    expect(TREE_SELECTION.test("<Table rowSelection={{ checkStrictly: !flat }} />")).toBe(true);
    expect(TREE_SELECTION.test("rowSelection={{ checkStrictly: true }}")).toBe(false);
  });
});

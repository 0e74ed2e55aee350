/**
 * The browser build leaves out antd's column filter menu and its virtual table (vite.config.ts,
 * NOT_IN_BROWSER): the console's lists filter through their own filter bar, and no table is virtual.
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

  test("the patterns find what they look for", () => {
    expect(COLUMN_FILTER.test("{ title: 'State', dataIndex: 'state', onFilter: (v, r) => r.state === v }")).toBe(true);
    expect(COLUMN_FILTER.test("const onFilter = useCallback(() => {}, [])")).toBe(false);
    expect(VIRTUAL_TABLE.test("<Table rowKey={(r) => r.id} virtual scroll={{ y: 400 }} />")).toBe(true);
    expect(VIRTUAL_TABLE.test('<Table rowKey="id" />\n<Select virtual />')).toBe(false);
  });
});

/**
 * Every UI string has a key (issue 30): (a) every key the console's code asks for (t("…"),
 * translate("…"), the menu's "menu.<name>") is in the English catalogue, with the English text the
 * screen showed before, and French has every English key with the same {{placeholders}}; the
 * partial German has only keys English has; (b) the converted screens hold no text of their own:
 * no literal JSX text and no literal title, label, placeholder, aria-label (and the like) that
 * does not go through t().
 *
 * The source is parsed with TypeScript's compiler API, not read with regular expressions. The
 * project's own typescript is 7 (the native port, without a JS API), so the API comes from the
 * typescript 5.9 that the openapi-client workspace installs beside it.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { join, relative } from "node:path";
import { describe, expect, test } from "vitest";
import type * as TS from "../openapi-client/node_modules/typescript";
import { MENU } from "../../src/app/navigation.tsx";
import { catalogueOf } from "../helpers/catalogues.ts";

const ts = createRequire(new URL("../openapi-client/package.json", import.meta.url))("typescript") as typeof TS;
const ROOT = new URL("../../", import.meta.url).pathname;

/**
 * The screens whose strings all go through t(). This list grows as the rest of the console is
 * converted: add a directory (or file) here once its texts have keys, and this test keeps it so.
 */
const CONVERTED = [
  "src/app/components/layout",
  "src/app/components/dashboard",
  "src/app/pages/auth",
  "src/app/pages/dashboard.tsx",
  "src/app/components/money",
  "src/app/components/swap",
  "src/app/components/fx",
  "src/app/pages/wallets",
  "src/app/pages/accounts",
  "src/app/pages/rates.tsx",
  "src/app/components/approvals",
  "src/app/components/command-palette",
  "src/app/pages/sub-accounts",
  "src/app/pages/sub-wallets",
  "src/app/pages/customers",
  "src/app/pages/transactions",
  "src/app/pages/payments",
  "src/app/components/beneficiaries",
  "src/app/components/schedule",
  "src/app/pages/settings/profile-tab.tsx",
  "src/app/pages/settings/profile-preferences.tsx",
  "src/app/pages/settings",
  "src/app/pages/settings.tsx",
  "src/app/components/security",
  "src/app/pages/sandbox-kyb",
  "src/app/pages/sandbox-deposit.tsx",
  "src/app/pages/sandbox-mailbox.tsx",
  "src/app/components/resource",
  "src/app/pages/invoices",
  "src/app/pages/developers",
  "src/app/pages/deals",
  "src/app/pages/settlements",
  "src/app/components/form",
  "src/app/components/onboarding",
  "src/app/pages/not-found.tsx",
  "src/app/App.tsx",
  "src/app/main.tsx",
  "src/app/routing",
  "src/app/session",
  "src/app/theme",
];
/** Props that people read (or hear): a literal string in one is a text without a key. */
const TEXT_PROPS = new Set([
  "title",
  "label",
  "placeholder",
  "aria-label",
  "message",
  "description",
  "subtitle",
  "tooltip",
  "okText",
  "cancelText",
  "alt",
  "extra",
]);
/** What antd's message and notification APIs show. */
const TOASTS = new Set(["success", "error", "info", "warning", "loading", "open"]);
/** Literal texts that are no language's: the brand. */
const NOT_WORDS = new Set(["Stablebank"]);
/** Keys the console never names itself: Refine's components ask for them, with these English defaults. */
const REFINE_KEYS = /^buttons\./;
/**
 * Keys of texts declared once in data (resources/: src/app/components/resource/declared-text.ts; the
 * KYB knowledge base: src/app/components/onboarding/kyb-topics.ts; the shared modules' texts, labels.*:
 * src/app/i18n/shared-labels.ts): English is the declarations themselves; tests/unit/i18n-declared.test.ts
 * and tests/unit/i18n-labels.test.ts check the other languages' against them. validation.*: French's words for
 * the schemas' messages, keyed by their English (src/app/i18n/validation.ts, tests/unit/i18n-validation.test.ts).
 */
const DECLARED = /^(resources|onboarding\.kybTopics|labels|validation)\./;

const EN = catalogueOf("en");
const FR = catalogueOf("fr");
const DE = catalogueOf("de");
const PLURAL = /_(zero|one|two|few|many|other)$/;
/** A key as code asks for it: "dashboard.approvals.payments" is there when its plural forms are. */
const hasKey = (catalogue: Map<string, string>, key: string) => catalogue.has(key) || catalogue.has(`${key}_other`);
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

function filesUnder(path: string): string[] {
  const full = join(ROOT, path);
  if (!statSync(full).isDirectory()) return [full];
  return readdirSync(full, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(path, e.name)) : /\.(ts|tsx)$/.test(e.name) ? [join(full, e.name)] : [],
  );
}
const parse = (file: string, text = readFileSync(file, "utf8")) =>
  ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);

function walk(node: TS.Node, visit: (n: TS.Node) => void) {
  visit(node);
  node.forEachChild((c) => walk(c, visit));
}

/** The keys a file asks for: the first argument of t(…) / translate(…) / x.translate(…), when a literal. */
function keysUsed(source: TS.SourceFile): { key: string; line: number }[] {
  const found: { key: string; line: number }[] = [];
  walk(source, (n) => {
    if (!ts.isCallExpression(n)) return;
    const callee = n.expression;
    const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : "";
    if (name !== "t" && name !== "translate") return;
    const first = n.arguments[0];
    if (first && (ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first)))
      found.push({ key: first.text, line: source.getLineAndCharacterOfPosition(first.getStart()).line + 1 });
  });
  return found;
}

const hasWords = (text: string) => /\p{L}/u.test(text) && !NOT_WORDS.has(text.trim());
/** A literal's text; of a template, only its literal parts (`${name} (${dial})` holds no words of its own). */
const literalText = (e: TS.Expression | undefined): string | undefined =>
  e && (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e))
    ? e.text
    : e && ts.isTemplateExpression(e)
      ? e.head.text + e.templateSpans.map((s) => s.literal.text).join("")
      : undefined;

/** Texts in a file that do not go through t(): JSX text, and literal strings in the props people read. */
function untranslated(source: TS.SourceFile): string[] {
  const where = (n: TS.Node) => `${relative(ROOT, source.fileName)}:${source.getLineAndCharacterOfPosition(n.getStart()).line + 1}`;
  const found: string[] = [];
  walk(source, (n) => {
    if (ts.isJsxText(n) && hasWords(n.text)) found.push(`${where(n)} text "${n.text.trim()}"`);
    if (ts.isJsxAttribute(n) && TEXT_PROPS.has(n.name.getText())) {
      const init = n.initializer;
      const text = init && ts.isStringLiteral(init) ? init.text : init && ts.isJsxExpression(init) ? literalText(init.expression) : undefined;
      if (text !== undefined && hasWords(text)) found.push(`${where(n)} ${n.name.getText()}="${text}"`);
    }
    // Toasts: message.success("Payment sent"), messageApi.error(`…`).
    if (
      ts.isCallExpression(n) &&
      ts.isPropertyAccessExpression(n.expression) &&
      TOASTS.has(n.expression.name.text) &&
      /message|notification/i.test(n.expression.expression.getText())
    ) {
      const text = literalText(n.arguments[0]);
      if (text !== undefined && hasWords(text)) found.push(`${where(n)} ${n.expression.getText()}("${text}")`);
    }
    // Items handed to antd as objects ({ label: "Domestic wire" }) are texts too.
    if (ts.isPropertyAssignment(n) && TEXT_PROPS.has(n.name.getText().replace(/["']/g, ""))) {
      const text = literalText(n.initializer);
      if (text !== undefined && hasWords(text)) found.push(`${where(n)} ${n.name.getText()}: "${text}"`);
    }
  });
  return found;
}

const APP_FILES = filesUnder("src/app");

describe("(a) every key the console asks for is in the catalogues", () => {
  test("each t('…') key is in English; French has every English key, with the same placeholders; German only English's", () => {
    const used = APP_FILES.flatMap((f) => keysUsed(parse(f)).map((u) => ({ ...u, file: relative(ROOT, f) })));
    expect(used.length).toBeGreaterThan(100);
    const missing = used.filter((u) => !hasKey(EN, u.key)).map((u) => `${u.file}:${u.line} ${u.key}`);
    expect(missing, "keys used in code but not in en.json").toEqual([]);

    expect(
      [...EN.keys()].filter((k) => !FR.has(k)),
      "English keys French lacks",
    ).toEqual([]);
    const drift = [...EN].filter(([k, v]) => FR.has(k) && placeholders(FR.get(k)!).join() !== placeholders(v).join());
    expect(
      drift.map(([k]) => k),
      "placeholders that differ between English and French",
    ).toEqual([]);
    // French may have plural forms English has not (fr: _many), and the translations of the texts
    // declared in data (DECLARED: English reads them from the declarations, so it lists none;
    // tests/unit/i18n-declared.test.ts checks them against the declarations); nothing else of its own.
    expect(
      [...FR.keys()].filter((k) => !EN.has(k) && !DECLARED.test(k) && !(PLURAL.test(k) && hasKey(EN, k.replace(PLURAL, "")))),
      "French keys English lacks",
    ).toEqual([]);

    // German is partial on purpose (it proves the fallback to English): fewer keys, none English lacks.
    expect(DE.size).toBeLessThan(EN.size / 4);
    expect(
      [...DE.keys()].filter((k) => !EN.has(k) && !DECLARED.test(k)),
      "German keys English lacks",
    ).toEqual([]);

    // No key stays in the catalogue once no code asks for it (Refine's own and the menu's are asked for by name).
    const asked = new Set([...used.map((u) => u.key), ...MENU.map((m) => `menu.${m.name}`)]);
    const unused = [...EN.keys()].filter((k) => !REFINE_KEYS.test(k) && !asked.has(k) && !asked.has(k.replace(PLURAL, "")));
    expect(unused, "keys in en.json that no code asks for").toEqual([]);
  });

  test("the menu: every entry has its key, and English reads as the menu always did", () => {
    for (const m of MENU) expect(EN.get(`menu.${m.name}`), m.name).toBe(m.meta?.label);
  });
});

describe("(b) the converted screens hold no text of their own", () => {
  test("the scanner catches a literal text, a literal label and an item's label, and lets t() and the brand through", () => {
    const sample = parse(
      "sample.tsx",
      `const items = [{ key: "a", label: "Domestic wire" }, { key: "b", label: t("x") }];
       export const A = () => <Card title="Recent transactions" aria-label={"Accounts"} extra={t("y")} subtitle={\`\${n} (\${m})\`}>See all <b>{t("z")}</b><i>Stablebank</i> — {n}</Card>;
       message.success("Payment sent"); messageApi.error(t("e")); list.open("x");`,
    );
    expect(untranslated(sample).map((s) => s.replace(/^sample\.tsx:\d+ /, ""))).toEqual([
      'label: "Domestic wire"',
      'title="Recent transactions"',
      'aria-label="Accounts"',
      'text "See all"',
      'message.success("Payment sent")',
    ]);
  });

  test.each(CONVERTED)("%s", (path) => {
    const files = filesUnder(path).filter((f) => f.endsWith(".tsx"));
    expect(files.length).toBeGreaterThan(0);
    expect(files.flatMap((f) => untranslated(parse(f)))).toEqual([]);
  });
});

/**
 * The console's catalogues as it merges them (src/app/i18n/i18n.ts): a language is the folder
 * locales/<code>/, each area file under its area's name, read here as flat "area.key" → text maps
 * for the key checks (tests/unit/i18n-*.test.ts) and the French sweep (tests/e2e/french-sweep.spec.ts).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const LOCALES = new URL("../../src/app/i18n/locales/", import.meta.url).pathname;

type Tree = { [k: string]: string | Tree };
function flatten(tree: Tree, prefix: string, out: Map<string, string>) {
  for (const [k, v] of Object.entries(tree)) {
    if (typeof v === "string") out.set(prefix + k, v);
    else flatten(v, `${prefix}${k}.`, out);
  }
  return out;
}

/** Every key of a language ("payments.sendMoney.title" → its text); empty for a language with no folder. */
export function catalogueOf(language: string): Map<string, string> {
  const dir = join(LOCALES, language);
  const out = new Map<string, string>();
  if (!existsSync(dir)) return out;
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".json")))
    flatten(JSON.parse(readFileSync(join(dir, file), "utf8")) as Tree, `${file.slice(0, -".json".length)}.`, out);
  return out;
}

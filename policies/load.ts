/** Server side: the policy files read from disk once, with the screens' rules derived from them. */
import { readFileSync } from "node:fs";
import { SCREENS } from "../resources/pages.ts";
import type { Screen } from "../resources/define-screen.ts";
import { createAccess } from "./enforcer.ts";
import { screenRules } from "./screen-rules.ts";

const read = (name: string) => readFileSync(new URL(`./${name}`, import.meta.url), "utf8");

/** extra: more policy lines and screens, e.g. an operator's own resource in a test. */
export function loadAccess(extra = "", extraScreens: readonly Screen[] = []) {
  const policy = `${read("policy.csv")}\n${extra}`;
  return createAccess(read("model.conf"), `${policy}\n${screenRules(policy, [...SCREENS, ...extraScreens])}`);
}

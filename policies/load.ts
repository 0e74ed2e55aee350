/** Server side: the policy files read from disk once. */
import { readFileSync } from "node:fs";
import { createAccess } from "./enforcer.ts";

const read = (name: string) => readFileSync(new URL(`./${name}`, import.meta.url), "utf8");

/** extra: more policy lines, e.g. an operator's own resource in a test. */
export const loadAccess = (extra = "") => createAccess(read("model.conf"), `${read("policy.csv")}\n${extra}`);

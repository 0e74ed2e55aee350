/** A resource's declaration with its texts in the member's language (declared-text.ts says how). */
import { useTranslate } from "@refinedev/core";
import type { Filter, ResourceDef } from "../../../../resources/define-resource.ts";
import { declaredKey, humanize, statusKey, translateDef } from "./declared-text.ts";
import { activeLanguage } from "../../i18n/i18n.ts";

export type Translate = ReturnType<typeof useTranslate>;

/**
 * Translated once per language and declaration: every screen showing a resource (a list's rows each
 * ask for their actions) shares one translated copy, which keeps its identity from render to render.
 */
const translated = new Map<string, WeakMap<object, ResourceDef>>();

/** `def` as the screens show it: each declared text through its key, the declared English by default. */
export function declaredIn<D extends ResourceDef>(t: Translate, def: D): D {
  const language = activeLanguage() ?? "";
  let mine = translated.get(language);
  if (!mine) translated.set(language, (mine = new WeakMap()));
  let out = mine.get(def);
  if (!out) {
    out = translateDef(def, (path, text) => t(declaredKey(def.name, path), {}, text));
    mine.set(def, out);
    // Translating a translated declaration gives it back: a screen handed one by another keeps it.
    mine.set(out, out);
  }
  return out as D;
}

export function useDeclared<D extends ResourceDef>(def: D): D {
  return declaredIn(useTranslate(), def);
}

/** A resource's filters as the screens show them (a bespoke page hosting a FilterBar names its resource). */
export function declaredFilters(t: Translate, resource: string, filters: Filter[]): Filter[] {
  const def = { name: resource, label: "", title: "", subtitle: "", errorMessage: "", empty: { body: "" }, emptyFiltered: { body: "" }, columns: [], filters };
  return translateDef(def as unknown as ResourceDef, (path, text) => t(declaredKey(resource, path), {}, text)).filters;
}

/**
 * A status value's words (a tag's text): its key, by default the value in words, or `english` where
 * a screen shows it otherwise in English (the rates table shows "EXPIRED" as it comes).
 */
export const statusText = (t: Translate, value: string, english = humanize(value)) => t(statusKey(value), {}, english);

/**
 * The texts a resource declares (resources/*.ts: its title, columns, filters, tabs, empty states…)
 * in the member's language, without repeating them (issue 30). The declaration keeps the SPEC's
 * English; each text has a key derived from where it is declared, and the English is the key's
 * default, so English needs no catalogue entry and another language translates the keys it has
 * (French: locales/fr/resources.json). A key another language lacks shows the declared English.
 *
 * The keys, under `resources.<resource name>.`:
 *   label, title, subtitle, showTitle, createLabel, createSuccess, updateSuccess, errorMessage
 *   empty.title, empty.body, emptyFiltered.title, emptyFiltered.body, lockedFeature.name
 *   banner.title, banner.body, banner.action, createMenu.<value>
 *   columns.<field>.title, detail.<field>.label, and for both .labels.<value>, .emptyText, .tagNoun, .flags.<flag field>
 *   filters.<field>.label (or .placeholder for a search), filters.<field>.options.<value>
 *   fields.<name>.label, fields.<name>.placeholder, fields.<name>.options.<value> (editFields share them)
 *   actions.<key>.label, actions.<key>.confirm, actions.<key>.confirmBody
 *   tabs.<key>.label, tabs.<key>.empty.title, tabs.<key>.empty.body, summary.<field>
 * A field's path or a value becomes one key segment: anything but letters, digits, _ and - turns
 * into "_" ("account.name" → "account_name"). The {path} placeholders of a declared text
 * ("Disable the API key '{name}'?") stay in its translation, filled from the record afterwards.
 *
 * A status value shown as a tag (render "status") reads `resources.status.<VALUE>`, by default the
 * value in words (INVITATION_PENDING → "Invitation pending"): statusText below.
 *
 * No React here: the screens use it through use-declared.ts, and tests/unit/i18n-declared.test.ts
 * enumerates every declared text with it.
 */
import type { Display, Flag, FormField, Option, ResourceDef } from "../../../../resources/define-resource.ts";

/** Translates the declared English `text` whose key is `path` (under the resource's keys). */
export type Say = (path: string, text: string) => string;

/** A field path or a value as one key segment. */
export const segment = (s: string) => s.replace(/[^\w-]/g, "_");
/** The full key of a declared text. */
export const declaredKey = (resource: string, path: string) => `resources.${segment(resource)}.${path}`;
/** The key of a status value's words. */
export const statusKey = (value: string) => `resources.status.${segment(value)}`;

/** INVITATION_PENDING → "Invitation pending": a status value in words, when nothing else names it. */
export const humanize = (value: string) => value.charAt(0) + value.slice(1).toLowerCase().replace(/_/g, " ");

/** Texts with no letters ("—") are no language's: they are kept as declared. */
const hasWords = (text: string) => /\p{L}/u.test(text);

const mapRecord = (r: Record<string, string>, f: (k: string, v: string) => string) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, f(k, v)]));

/**
 * The declaration with every text it shows through `say`, everything else (routes, schemas,
 * endpoints, functions) as declared. The generic screens render the result; the test records
 * the calls to `say` to list every declared text.
 */
export function translateDef<D extends ResourceDef>(def: D, say: Say): D {
  const s = (path: string, text: string) => (hasWords(text) ? say(path, text) : text);
  const opt = (path: string) => (o: Option) => ({ ...o, label: s(`${path}.${segment(o.value)}`, o.label) });
  const display = <T extends Display>(path: string, d: T): T => ({
    ...d,
    ...(d.labels && { labels: mapRecord(d.labels, (k, v) => s(`${path}.labels.${segment(k)}`, v)) }),
    ...(d.emptyText !== undefined && { emptyText: s(`${path}.emptyText`, d.emptyText) }),
    ...(d.tagLimit && { tagLimit: { ...d.tagLimit, noun: s(`${path}.tagNoun`, d.tagLimit.noun) } }),
  });
  const flags = (path: string, fs: Flag[] | undefined) => fs?.map((f) => ({ ...f, label: s(`${path}.flags.${segment(f.field)}`, f.label) }));
  const field = (f: FormField): FormField => {
    const p = `fields.${segment(f.name)}`;
    return {
      ...f,
      label: s(`${p}.label`, f.label),
      ...(f.placeholder !== undefined && { placeholder: s(`${p}.placeholder`, f.placeholder) }),
      ...(f.options && { options: f.options.map(opt(`${p}.options`)) }),
    };
  };
  const optional = (path: string, text: string | undefined) => (text === undefined ? {} : { [path]: s(path, text) });
  const empty = (path: string, e: { title?: string; body: string }) => ({
    ...e,
    ...(e.title !== undefined && { title: s(`${path}.title`, e.title) }),
    body: s(`${path}.body`, e.body),
  });

  return {
    ...def,
    label: s("label", def.label),
    title: s("title", def.title),
    subtitle: s("subtitle", def.subtitle),
    ...optional("showTitle", def.showTitle),
    ...optional("createLabel", def.createLabel),
    ...optional("createSuccess", def.createSuccess),
    ...optional("updateSuccess", def.updateSuccess),
    errorMessage: s("errorMessage", def.errorMessage),
    empty: empty("empty", def.empty),
    emptyFiltered: empty("emptyFiltered", def.emptyFiltered),
    ...(def.lockedFeature && { lockedFeature: { ...def.lockedFeature, name: s("lockedFeature.name", def.lockedFeature.name) } }),
    ...(def.banner && {
      banner: { title: s("banner.title", def.banner.title), body: s("banner.body", def.banner.body), action: s("banner.action", def.banner.action) },
    }),
    ...(def.createMenu && {
      createMenu: { ...def.createMenu, options: def.createMenu.options.map((o) => ({ ...o, label: s(`createMenu.${segment(o.value)}`, o.label) })) },
    }),
    columns: def.columns.map((c) => {
      const p = `columns.${segment(c.field)}`;
      return { ...display(p, c), title: s(`${p}.title`, c.title), ...(c.flags && { flags: flags(p, c.flags) }) };
    }),
    ...(def.detail && {
      detail: def.detail.map((d) => {
        const p = `detail.${segment(d.field)}`;
        return { ...display(p, d), label: s(`${p}.label`, d.label) };
      }),
    }),
    filters: def.filters.map((f) => {
      const p = `filters.${segment(f.field)}`;
      if (f.kind === "search") return { ...f, placeholder: s(`${p}.placeholder`, f.placeholder) };
      if (f.kind === "dateRange") return { ...f, label: s(`${p}.label`, f.label) };
      return { ...f, label: s(`${p}.label`, f.label), options: f.options.map(opt(`${p}.options`)) };
    }),
    ...(def.fields && { fields: def.fields.map(field) }),
    ...(def.editFields && { editFields: def.editFields.map(field) }),
    ...(def.actions && {
      actions: def.actions.map((a) => {
        const p = `actions.${segment(a.key)}`;
        return {
          ...a,
          label: s(`${p}.label`, a.label),
          ...(a.confirm !== undefined && { confirm: s(`${p}.confirm`, a.confirm) }),
          ...(a.confirmBody !== undefined && { confirmBody: s(`${p}.confirmBody`, a.confirmBody) }),
        };
      }),
    }),
    ...(def.tabs && {
      tabs: def.tabs.map((t) => {
        const p = `tabs.${segment(t.key)}`;
        return { ...t, label: s(`${p}.label`, t.label), ...(t.empty && { empty: empty(`${p}.empty`, t.empty) }) };
      }),
    }),
    ...(def.summary && { summary: { ...def.summary, tiles: def.summary.tiles.map((t) => ({ ...t, label: s(`summary.${segment(t.field)}`, t.label) })) } }),
  };
}

/** Every text a declaration shows: its key (full) and its declared English. */
export function declaredTexts(def: ResourceDef): { key: string; text: string }[] {
  const found: { key: string; text: string }[] = [];
  translateDef(def, (path, text) => {
    found.push({ key: declaredKey(def.name, path), text });
    return text;
  });
  return found;
}

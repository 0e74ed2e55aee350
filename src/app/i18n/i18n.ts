/**
 * The console's languages (issue 30): Refine's i18nProvider over i18next. Nothing of it is in the
 * first download but this file: i18next and each language's catalogues (./locales/<code>/) are
 * loaded when needed, in parallel with the session, and the console renders once the member's
 * language is active. English is the complete catalogue (the SPEC's texts exactly) and the fallback
 * of every key another language lacks. README "Adding a language" says how to add one.
 */
import type { I18nProvider } from "@refinedev/core";
import type { i18n as I18n, TOptions } from "i18next";
import type { Locale as AntdLocale } from "antd/es/locale";
// With the console's first files (3 kB): every language, English included, sets dayjs's language
// before the first page shows; fetched on demand, dayjs was one more request in a queue of six (HTTP/1.1).
import dayjs from "dayjs";
import { LANGUAGE_CODES, type Language } from "../../lib/formats.ts";

type Catalogue = Record<string, unknown>;
/**
 * A language is a folder of catalogues, one per area of the console (./locales/<code>/<area>.json
 * holds the keys "<area>.…"), so areas are translated side by side without touching one file. The
 * build puts each language's files in one chunk (vite.config.ts), so a language is one download.
 */
const FILES = import.meta.glob<Catalogue>("./locales/*/*.json", { import: "default" });

async function loadCatalogue(language: Language): Promise<Catalogue> {
  const mine = Object.entries(FILES).filter(([path]) => path.startsWith(`./locales/${language}/`));
  const areas = await Promise.all(mine.map(async ([path, load]) => [path.slice(path.lastIndexOf("/") + 1, -".json".length), await load()] as const));
  return Object.fromEntries(areas);
}

let engine: Promise<I18n> | undefined;
const loaded = new Map<Language, Promise<Catalogue>>();

/** A language's catalogue, fetched once. */
export function preloadLanguage(language: Language): Promise<Catalogue> {
  let c = loaded.get(language);
  if (!c) {
    c = loadCatalogue(language);
    loaded.set(language, c);
    // A failed download is tried again next time rather than remembered.
    c.catch(() => loaded.delete(language));
  }
  return c;
}

function i18next(): Promise<I18n> {
  if (engine) return engine;
  engine = import("i18next").then(async ({ createInstance }) => {
    const i = createInstance();
    await i.init({
      lng: "en",
      fallbackLng: "en",
      supportedLngs: LANGUAGE_CODES,
      resources: { en: { translation: await preloadLanguage("en") } },
      // React escapes what it renders; escaping here too would show "&amp;".
      interpolation: { escapeValue: false },
      returnNull: false,
    });
    return i;
  });
  // As a catalogue's: a failed download is tried again by the next call, not remembered.
  engine.catch(() => (engine = undefined));
  return engine;
}

/** i18next and the English catalogue fetched at boot, beside the session read, before the page's code (main.tsx). */
export function preloadI18n() {
  i18next().catch(() => undefined);
}

/**
 * antd's own words (pagination, "Close", "Copy", date pickers, empty tables) and dayjs's month and
 * day names come with each language too, loaded with it; English is their built-in default.
 */
const ANTD_LOCALES: Partial<Record<Language, () => Promise<AntdLocale>>> = {
  fr: () => import("antd/es/locale/fr_FR").then((m) => m.default),
  de: () => import("antd/es/locale/de_DE").then((m) => m.default),
};
const DAYJS_LOCALES: Partial<Record<Language, () => Promise<unknown>>> = {
  fr: () => import("dayjs/locale/fr"),
  de: () => import("dayjs/locale/de"),
};
async function dayjsIn(language: Language) {
  await DAYJS_LOCALES[language]?.();
  dayjs.locale(language);
}

let active: { language: Language; i18n: I18n; components?: AntdLocale } | null = null;
const listeners = new Set<() => void>();

/**
 * A language's own files (its catalogue, antd's and dayjs's words) could not be had: another
 * language may still be shown (when i18next failed too, that one fails in turn and is retried). Any
 * other failure of switchLanguage is i18next's own download, which no language can do without.
 */
export class LanguageFilesFailed extends Error {
  constructor(language: Language, cause: unknown) {
    super(`The words of language '${language}' could not be downloaded`, { cause });
  }
}

/** Makes `language` the console's: its catalogue loaded, i18next switched, the page's lang set; then listeners hear. */
export async function switchLanguage(language: Language): Promise<void> {
  const words = Promise.all([preloadLanguage(language), ANTD_LOCALES[language]?.(), dayjsIn(language)]).catch((e) => {
    throw new LanguageFilesFailed(language, e);
  });
  const [i, [catalogue, components]] = await Promise.all([i18next(), words]);
  if (!i.hasResourceBundle(language, "translation")) i.addResourceBundle(language, "translation", catalogue);
  await i.changeLanguage(language);
  active = { language, i18n: i, components };
  document.documentElement.lang = language;
  for (const l of listeners) l();
}

export const subscribeLanguage = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
/** antd's texts in the active language (undefined: its English). */
export const antdLocale = (): AntdLocale | undefined => active?.components;
/** The language now active, or null before the first one has loaded. */
export const activeLanguage = (): Language | null => active?.language ?? null;

/**
 * translate(key, options?, defaultMessage?) as Refine calls it (also translate(key, defaultMessage)
 * for its own texts: "buttons.logout", "Logout"). A key no catalogue has gives the default message,
 * else the key, as Refine's own fallback does.
 */
export const i18nProvider: I18nProvider = {
  translate: (key: string, options?: unknown, defaultMessage?: string) => {
    const [opts, fallback] = typeof options === "string" ? [undefined, options] : [options as TOptions | undefined, defaultMessage];
    if (!active) return fallback ?? key;
    return active.i18n.t(key, { ...opts, defaultValue: fallback ?? key }) as string;
  },
  changeLocale: (lang: string) => switchLanguage((LANGUAGE_CODES as string[]).includes(lang) ? (lang as Language) : "en"),
  getLocale: () => active?.language ?? "en",
};

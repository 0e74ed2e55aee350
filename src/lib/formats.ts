/**
 * A member's language, number format and time zone (issue 30), and how figures are written for them.
 * Isomorphic: the console sets the signed-in member's once (setFormats) and every formatter reads
 * it; the server never sets it (its requests serve many members) and passes a recipient's formats
 * explicitly (emails). The default is the console as it always was: English, "1,234.56", the
 * browser's time zone, unnamed.
 */

/** The console's languages, each in its own words. English is complete and the fallback of the others. */
export const LANGUAGES = { en: "English", fr: "Français", de: "Deutsch" } as const;
export type Language = keyof typeof LANGUAGES;
export const LANGUAGE_CODES = Object.keys(LANGUAGES) as Language[];

/** How numbers may be written, each shown as an example. */
export const NUMBER_FORMATS = {
  "en-US": "1,234.56",
  "en-GB": "1,234.56 (UK)",
  "fr-FR": "1 234,56",
  "de-DE": "1.234,56",
  "de-CH": "1'234.56",
} as const;
export type NumberFormat = keyof typeof NUMBER_FORMATS;
export const NUMBER_FORMAT_CODES = Object.keys(NUMBER_FORMATS) as NumberFormat[];

/** A language's own number format, when the member chose none. */
const NUMBER_FORMAT_OF: Record<Language, NumberFormat> = { en: "en-US", fr: "fr-FR", de: "de-DE" };

export type Formats = {
  language: Language;
  /** null: the language's. */
  numberFormat: NumberFormat | null;
  /** An IANA zone; null: the reader's own (the browser's), which is then not named. */
  timeZone: string | null;
};

export const DEFAULT_FORMATS: Formats = { language: "en", numberFormat: null, timeZone: null };

let current: Formats = DEFAULT_FORMATS;
/** The console's member's formats: every formatter below uses them unless given others. */
export function setFormats(formats: Formats) {
  current = formats;
}
export const currentFormats = () => current;

export const isLanguage = (v: unknown): v is Language => typeof v === "string" && v in LANGUAGES;
export const isNumberFormat = (v: unknown): v is NumberFormat => typeof v === "string" && v in NUMBER_FORMATS;

/** "fr-CA" → "fr"; a language the console does not speak → undefined. */
export function languageOf(tag: string | null | undefined): Language | undefined {
  const base = tag?.toLowerCase().split("-")[0];
  return isLanguage(base) ? base : undefined;
}

/** The member's chosen language, else the browser's first one the console speaks, else English. */
export function pickLanguage(chosen: string | null | undefined, browser: readonly string[] = []): Language {
  return languageOf(chosen) ?? browser.map(languageOf).find((l) => l !== undefined) ?? "en";
}

/**
 * The IANA zone as the engine knows it, or null when it is not one. `Intl.supportedValuesOf` leaves
 * out aliases ("UTC" among them) that DateTimeFormat accepts, so the formatter decides; offsets and
 * other non-IANA forms some engines take ("+01:00") are refused by their shape.
 */
export function canonicalTimeZone(zone: string): string | null {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/.test(zone) || zone.length > 64) return null;
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let f = cache.get(key) as T | undefined;
  if (!f) cache.set(key, (f = make()));
  return f;
}

const numberFormatOf = (f: Formats): NumberFormat => f.numberFormat ?? NUMBER_FORMAT_OF[f.language];

/**
 * Writes exact decimal digits ("1234567", "50") in the member's number format: "1,234,567.50",
 * "1 234 567,50". The whole part is formatted as a bigint (never a float) by Intl for the locale's
 * grouping, and the locale's decimal separator is spliced before the fraction's own digits.
 */
export function localDecimal(whole: string, frac: string, f: Formats = current): string {
  const locale = numberFormatOf(f);
  if (locale === "en-US") return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}${frac ? `.${frac}` : ""}`;
  const integer = cached(`n:${locale}`, () => new Intl.NumberFormat(locale, { maximumFractionDigits: 0 })) as Intl.NumberFormat;
  const decimal = cached(`d:${locale}`, () => new Intl.NumberFormat(locale, { minimumFractionDigits: 1 })) as Intl.NumberFormat;
  const separator = decimal.formatToParts(1.5).find((p) => p.type === "decimal")?.value ?? ".";
  return `${integer.format(BigInt(whole))}${frac ? `${separator}${frac}` : ""}`;
}

type When = string | number | Date;
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const pad = (n: number) => String(n).padStart(2, "0");

/** A calendar day written YYYY-MM-DD is the same day in every zone: it is read, not moved. */
const isDayString = (v: When) => typeof v === "string" && /^\d{4}-\d{2}-\d{2}$/.test(v);

/** The wall-clock parts of an instant in a zone (or the reader's own). */
function partsOf(v: When, zone: string | undefined) {
  const at = isDayString(v) ? new Date(`${v}T00:00:00Z`) : new Date(v);
  const tz = isDayString(v) ? "UTC" : zone;
  const dtf = cached(
    `p:${tz}`,
    () =>
      new Intl.DateTimeFormat("en-US", {
        timeZone: tz,
        hourCycle: "h23",
        year: "numeric",
        month: "numeric",
        day: "numeric",
        hour: "numeric",
        minute: "numeric",
        second: "numeric",
      }),
  ) as Intl.DateTimeFormat;
  const p = Object.fromEntries(dtf.formatToParts(at).map((x) => [x.type, x.value]));
  return { year: p.year, month: Number(p.month), day: Number(p.day), hour: Number(p.hour) % 24, minute: Number(p.minute), second: Number(p.second), at };
}

/** The zone's short name ("CET", "UTC+1", "UTC") in the reader's language, after every time shown. */
function zoneName(at: Date, zone: string, f: Formats) {
  const nf = numberFormatOf(f);
  const locale = nf.startsWith(f.language) ? nf : f.language;
  const dtf = cached(`z:${locale}:${zone}`, () => new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: "short" })) as Intl.DateTimeFormat;
  return dtf.formatToParts(at).find((p) => p.type === "timeZoneName")?.value ?? zone;
}

/** The reader's own zone, as the engine knows it (the browser's, or the server's). */
const ownZone = () => (cached("own-zone", () => new Intl.DateTimeFormat()) as Intl.DateTimeFormat).resolvedOptions().timeZone;

type DateKind = "day" | "dateTime" | "time";
const OPTIONS: Record<DateKind, Intl.DateTimeFormatOptions> = {
  day: { day: "numeric", month: "short", year: "numeric" },
  dateTime: { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" },
  time: { hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" },
};

/**
 * One way to write dates for people (issue 26), in the member's time zone (issue 30): English reads
 * "25 Nov 2026", "25 Nov 2026, 22:31 UTC", "22:31:57 UTC"; other languages as Intl writes
 * them. A time says its zone ("22:31 CET", "22:31 UTC"); a day never moves between zones.
 */
export function formatWhen(v: When, kind: DateKind, f: Formats = current): string {
  const zone = f.timeZone ?? undefined;
  // A time always says its zone: the member's chosen one, else the reader's own (issue 30), so two
  // colleagues in two cities never read the same figures as two different moments unawares.
  const named = kind !== "day" && !isDayString(v);
  let text: string;
  if (f.language === "en") {
    const p = partsOf(v, zone);
    const day = `${p.day} ${MONTHS[p.month - 1]} ${p.year}`;
    const hm = `${pad(p.hour)}:${pad(p.minute)}`;
    text = kind === "day" ? day : kind === "dateTime" ? `${day}, ${hm}` : `${hm}:${pad(p.second)}`;
  } else {
    const tz = isDayString(v) ? "UTC" : zone;
    const at = isDayString(v) ? new Date(`${v}T00:00:00Z`) : new Date(v);
    const dtf = cached(`w:${f.language}:${kind}:${tz}`, () => new Intl.DateTimeFormat(f.language, { ...OPTIONS[kind], timeZone: tz })) as Intl.DateTimeFormat;
    text = dtf.format(at);
  }
  return named ? `${text} ${zoneName(new Date(v), zone ?? ownZone(), f)}` : text;
}

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
/** A calendar day (YYYY-MM-DD) with its weekday, short: "Wed 25 Nov" in English, "mer. 25 nov." in French. */
export function formatWeekdayDay(day: string, f: Formats = current): string {
  const at = new Date(`${day}T00:00:00Z`);
  if (f.language === "en") return `${WEEKDAYS[at.getUTCDay()]} ${at.getUTCDate()} ${MONTHS[at.getUTCMonth()]}`;
  const dtf = cached(
    `wd:${f.language}`,
    () => new Intl.DateTimeFormat(f.language, { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" }),
  ) as Intl.DateTimeFormat;
  return dtf.format(at);
}

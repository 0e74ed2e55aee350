/**
 * A member's number format and time zone (issue 30): amounts written from their digits in each
 * format, exact past what a double holds; dates in the member's zone, named; the default (English,
 * no choice made) exactly as the console always wrote them.
 */
import { describe, expect, test } from "vitest";
import { canonicalTimeZone, DEFAULT_FORMATS, type Formats, pickLanguage } from "../../src/lib/formats.ts";
import { displayMinor, exactMoney, formatMoney, formatSignedMoney } from "../../src/lib/money.ts";
import { formatDateTime, formatDay, formatTime, formatWeekdayDay } from "../../src/lib/dates.ts";

const fmt = (numberFormat: Formats["numberFormat"], language: Formats["language"] = "en", timeZone: string | null = null): Formats => ({
  language,
  numberFormat,
  timeZone,
});

describe("amounts in each number format, from the digits", () => {
  test("the default is the console's '1,234.56'", () => {
    expect(formatMoney("123456", "USD")).toBe("1,234.56 USD");
    expect(formatMoney("123456", "USD", DEFAULT_FORMATS)).toBe("1,234.56 USD");
    expect(formatMoney("1007097000000", "USDT")).toBe("1,007,097.00 USDT");
  });

  test("every declared format, grouping and decimal as the locale writes them", () => {
    const cases: [Formats, string][] = [
      [fmt("en-US"), "1,234,567.89 EUR"],
      [fmt("en-GB"), "1,234,567.89 EUR"],
      [fmt("fr-FR"), "1\u202f234\u202f567,89 EUR"],
      [fmt("de-DE"), "1.234.567,89 EUR"],
      // No format chosen: the language's.
      [fmt(null, "fr"), "1\u202f234\u202f567,89 EUR"],
      [fmt(null, "de"), "1.234.567,89 EUR"],
    ];
    for (const [f, text] of cases) expect(formatMoney("123456789", "EUR", f), JSON.stringify(f)).toBe(text);
    // Swiss grouping is an apostrophe: ASCII in older ICU (Node 20), typographic in newer (Chromium).
    expect(formatMoney("123456789", "EUR", fmt("de-CH"))).toMatch(/^1['’]234['’]567\.89 EUR$/);
  });

  test("exact beyond 2^53, with every significant decimal, signs kept", () => {
    const huge = "123456789012345678901234"; // minor units: far past Number.MAX_SAFE_INTEGER
    expect(Number(huge).toString()).not.toBe(huge);
    expect(displayMinor(huge, "USD", fmt("de-DE"))).toBe("1.234.567.890.123.456.789.012,34");
    expect(displayMinor(huge, "USD", fmt("fr-FR"))).toBe("1\u202f234\u202f567\u202f890\u202f123\u202f456\u202f789\u202f012,34");
    expect(displayMinor("9007199254740993", "USDT", fmt("de-CH"))).toMatch(/^9['’]007['’]199['’]254\.740993$/);
    expect(displayMinor("12500000", "USDT", fmt("fr-FR"))).toBe("12,50");
    expect(exactMoney("12500000", "USDT", fmt("fr-FR"))).toBe("12,500000 USDT");
    expect(displayMinor("-5", "USD", fmt("de-DE"))).toBe("-0,05");
    expect(formatSignedMoney("-100300", "USD", fmt("fr-FR"))).toBe("\u22121\u202f003,00 USD");
    expect(formatSignedMoney(25000n, "USD", fmt("de-DE"))).toBe("+250,00 USD");
  });
});

describe("dates in the member's language and zone", () => {
  const at = "2026-11-25T13:05:09Z";

  test("the default is the console's English, in the reader's own zone, named", () => {
    const local = new Date(at);
    const pad = (n: number) => String(n).padStart(2, "0");
    // The reader's zone as the engine names it ("UTC" on a machine set to UTC, "GMT+1" in Paris).
    const own = new Intl.DateTimeFormat("en-US", { timeZoneName: "short" }).formatToParts(local).find((p) => p.type === "timeZoneName")!.value;
    expect(own).toMatch(/\S/);
    expect(formatDay(at)).toBe(`${local.getDate()} Nov 2026`);
    expect(formatDateTime(at)).toBe(`${local.getDate()} Nov 2026, ${pad(local.getHours())}:05 ${own}`);
    expect(formatTime(at)).toBe(`${pad(local.getHours())}:05:09 ${own}`);
  });

  test("a chosen zone moves the time and says which", () => {
    expect(formatDateTime(at, fmt(null, "en", "Europe/Paris"))).toBe("25 Nov 2026, 14:05 GMT+1");
    expect(formatDateTime(at, fmt("en-GB", "en", "Europe/Paris"))).toBe("25 Nov 2026, 14:05 CET");
    expect(formatDateTime(at, fmt(null, "en", "Asia/Tokyo"))).toBe("25 Nov 2026, 22:05 GMT+9");
    expect(formatTime(at, fmt(null, "en", "America/New_York"))).toBe("08:05:09 EST");
    expect(formatDateTime(at, fmt("fr-FR", "fr", "Europe/Paris"))).toBe("25 nov. 2026, 14:05 UTC+1");
    expect(formatDateTime(at, fmt("de-DE", "de", "Europe/Berlin"))).toBe("25. Nov. 2026, 14:05 MEZ");
    // The day of an instant is the zone's day.
    expect(formatDay("2026-11-25T23:30:00Z", fmt(null, "en", "Asia/Tokyo"))).toBe("26 Nov 2026");
  });

  test("a calendar day is the same day in every zone", () => {
    expect(formatDay("2026-11-25", fmt(null, "en", "Pacific/Honolulu"))).toBe("25 Nov 2026");
    expect(formatDay("2026-11-25", fmt(null, "fr", "Pacific/Kiritimati"))).toBe("25 nov. 2026");
    expect(formatWeekdayDay("2026-11-25", DEFAULT_FORMATS)).toBe("Wed 25 Nov");
    expect(formatWeekdayDay("2026-11-25", fmt(null, "fr"))).toBe("mer. 25 nov.");
  });
});

describe("choosing", () => {
  test("the language: the member's, else the browser's first the console speaks, else English", () => {
    expect(pickLanguage("fr", ["de-DE"])).toBe("fr");
    expect(pickLanguage(null, ["es-ES", "de-CH", "fr"])).toBe("de");
    expect(pickLanguage(null, ["es-ES"])).toBe("en");
    expect(pickLanguage(undefined, [])).toBe("en");
  });

  test("time zones: IANA names as the engine names them; nothing else", () => {
    expect(canonicalTimeZone("Europe/Paris")).toBe("Europe/Paris");
    expect(canonicalTimeZone("europe/paris")).toBe("Europe/Paris");
    expect(canonicalTimeZone("UTC")).toBe("UTC");
    expect(canonicalTimeZone("America/Argentina/Buenos_Aires")).toMatch(/^America\/(Argentina\/)?Buenos_Aires$/);
    for (const bad of ["Mars/Olympus", "+01:00", "", "Europe/Paris; DROP", "x".repeat(80)]) expect(canonicalTimeZone(bad), bad).toBeNull();
  });
});

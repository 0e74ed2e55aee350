/** The pure rules of payee protection (issue 29): the cooling period's end, edit distance, look-alikes, the sandbox name check. */
import { describe, expect, test } from "vitest";
import { coolingEndsAt, coolingMessage, editDistance, findLookAlikes, identifiersLookAlike, namesLookAlike } from "../../src/lib/payee-protection.ts";
import { sandboxNameCheck } from "../../src/server/providers/rails/name-check.ts";

const at = (iso: string) => new Date(iso);

describe("coolingEndsAt", () => {
  test("the change plus the period, while it lasts at `now`; null when off or over", () => {
    const changed = at("2026-11-26T15:40:00Z");
    expect(coolingEndsAt(changed, 24, at("2026-11-26T16:00:00Z"))).toEqual(at("2026-11-27T15:40:00Z"));
    expect(coolingEndsAt(changed, 48, at("2026-11-27T16:00:00Z"))).toEqual(at("2026-11-28T15:40:00Z"));
    expect(coolingEndsAt(changed, 24, at("2026-11-27T15:40:00Z"))).toBeNull();
    expect(coolingEndsAt(changed, 0, at("2026-11-26T15:41:00Z"))).toBeNull();
  });
  test("the message names the end in UTC", () => {
    expect(coolingMessage("Sahel Foods Ltd", at("2026-11-27T15:40:00Z"))).toBe("Sahel Foods Ltd's new details can be paid from 27 Nov 2026, 15:40 UTC");
    expect(coolingMessage("Kano Grain Merchants", at("2026-11-27T15:40:00Z"))).toBe(
      "Kano Grain Merchants' new details can be paid from 27 Nov 2026, 15:40 UTC",
    );
  });
});

describe("look-alikes", () => {
  test("edit distance, bounded", () => {
    expect(editDistance("kitten", "sitting")).toBe(3);
    expect(editDistance("", "abc")).toBe(3);
    expect(editDistance("abcdef", "abcdef")).toBe(0);
    expect(editDistance("aaaaaaaa", "bbbbbbbb", 2)).toBe(3);
  });
  test("same first and last four, or two edits apart; never the same destination", () => {
    expect(identifiersLookAlike("TN3W4H6rK2ce4vX9YnFQHwKENnHjoxb3m9", "TN3Wzzzzzzzzzzzzzzzzzzzzzzzzzzb3m9")).toBe(true);
    expect(identifiersLookAlike("DE89 3704 0044 0532 0130 00", "DE89370400440532013001")).toBe(true);
    expect(identifiersLookAlike("000123456789", "000123456789")).toBe(false);
    expect(identifiersLookAlike("000123456789", "987654321000")).toBe(false);
    expect(namesLookAlike("Sahel Foods Ltd", "sahel foods ltd.")).toBe(true);
    expect(namesLookAlike("Sahel Foods Ltd", "Harbor Freight")).toBe(false);
  });
  test("names are compared within a currency, destinations within a kind", () => {
    const saved = [
      { id: "1", name: "Sahel Foods Ltd", type: "FIAT", currency: "USD", identifier: "1112223334", destinationKey: "a" },
      { id: "2", name: "Sahel Foods Ltd", type: "FIAT", currency: "EUR", identifier: "DE89370400440532013000", destinationKey: "b" },
    ];
    const draft = { name: "Sahel Food Ltd", type: "FIAT", currency: "USD", identifier: "9998887776", destinationKey: "c" };
    expect(findLookAlikes(draft, saved).map((l) => [l.other.id, l.what])).toEqual([["1", "name"]]);
  });
});

describe("the sandbox name check", () => {
  test("its documented rules", () => {
    expect(sandboxNameCheck.check("Sahel Foods Ltd", {})).toEqual({ result: "MATCH", registeredName: null });
    expect(sandboxNameCheck.check("Sahel Foods Limited", {})).toEqual({ result: "CLOSE_MATCH", registeredName: "Sahel Foods Ltd" });
    expect(sandboxNameCheck.check("sahel foods", {})).toEqual({ result: "CLOSE_MATCH", registeredName: "Sahel Foods" });
    expect(sandboxNameCheck.check("Name Mismatch Co", {})).toEqual({ result: "NO_MATCH", registeredName: null });
  });
});

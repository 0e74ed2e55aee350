/**
 * Payee protection (issue 29), the pure pieces both sides use: when a beneficiary's cooling period
 * ends, and whether new details look like another saved payee's (address poisoning imitates the first
 * and last characters people check, or changes a character or two).
 */

export const COOLING_HOURS = [0, 24, 48] as const;
export type CoolingHours = (typeof COOLING_HOURS)[number];
export const COOLING_MODES = ["EXTRA_APPROVAL", "REFUSE"] as const;
export type CoolingMode = (typeof COOLING_MODES)[number];
export const COOLING_MODE_LABELS: Record<CoolingMode, string> = {
  EXTRA_APPROVAL: "Needs one more approval",
  REFUSE: "Refused until the period ends",
};

/**
 * When a beneficiary whose details changed at `detailsChangedAt` may be paid as usual: null when the
 * business has no cooling period (0 hours) or it is already over at `now`. `now` is the caller's
 * clock (the scheduler's, a test's), never read here.
 */
export function coolingEndsAt(detailsChangedAt: Date, hours: number, now: Date): Date | null {
  if (!hours || hours <= 0) return null;
  const ends = new Date(detailsChangedAt.getTime() + hours * 3_600_000);
  return ends.getTime() > now.getTime() ? ends : null;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/** "27 Nov 2026, 15:40 UTC": the server's messages name the time in UTC (it knows no reader's zone). */
export function formatUtc(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}, ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} UTC`;
}

/** The refusal (and the approvers' flag) while a payee cools. */
/** "Sahel Foods Ltd's", "Kano Grain Merchants'": a name's possessive, as the messages write it. */
export const possessive = (name: string) => (name.endsWith("s") ? `${name}'` : `${name}'s`);

export const coolingMessage = (name: string, endsAt: Date) => `${possessive(name)} new details can be paid from ${formatUtc(endsAt)}`;

/** Levenshtein distance, stopping early once it is certain to exceed `max` (then answers max + 1). */
export function editDistance(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      best = Math.min(best, cur[j]);
    }
    if (best > max) return max + 1;
    prev = cur;
  }
  return prev[b.length];
}

/** IBANs and addresses are compared as people read them: no spaces, one case. */
export const normaliseIdentifier = (s: string) => s.replace(/\s+/g, "").toUpperCase();
const normaliseName = (s: string) => s.trim().replace(/\s+/g, " ").toLowerCase();

/** Two different destinations that a glance would take for one another. */
export function identifiersLookAlike(a: string, b: string): boolean {
  const x = normaliseIdentifier(a);
  const y = normaliseIdentifier(b);
  if (!x || !y || x === y) return false;
  // First and last four are what people check; only meaningful when there is something in between.
  if (x.length > 8 && y.length > 8 && x.slice(0, 4) === y.slice(0, 4) && x.slice(-4) === y.slice(-4)) return true;
  return editDistance(x, y, 2) <= 2;
}

export const namesLookAlike = (a: string, b: string) => editDistance(normaliseName(a), normaliseName(b), 2) <= 2;

export type PayeeSketch = { id?: string; name: string; type: string; currency: string; identifier: string; destinationKey: string };
export type LookAlike<T extends PayeeSketch> = { other: T; what: "address" | "account" | "name" };

/**
 * The saved payees `candidate` could be mistaken for: a destination that looks like its own, or a
 * name like its own that pays somewhere else. Bank details and names are compared within a currency
 * (a naira account number two digits from a dollar one imitates nothing, and a supplier's USD and EUR
 * accounts are not each other's twins); wallet addresses across assets (one chain carries several).
 */
export function findLookAlikes<T extends PayeeSketch>(candidate: PayeeSketch, saved: T[]): LookAlike<T>[] {
  const found: LookAlike<T>[] = [];
  for (const other of saved) {
    if (other.id && other.id === candidate.id) continue;
    if (other.destinationKey === candidate.destinationKey && other.currency === candidate.currency) continue;
    const comparable = other.type === candidate.type && (candidate.type === "CRYPTO" || other.currency === candidate.currency);
    if (comparable && identifiersLookAlike(candidate.identifier, other.identifier)) {
      found.push({ other, what: candidate.type === "CRYPTO" ? "address" : "account" });
    } else if (other.currency === candidate.currency && namesLookAlike(candidate.name, other.name)) {
      found.push({ other, what: "name" });
    }
  }
  return found;
}

/** "Looks like Sahel Foods Ltd's address, which you have paid 12 times". */
export function lookAlikeMessage(name: string, what: "address" | "account" | "name", timesPaid: number): string {
  const paid = timesPaid === 0 ? "which you have never paid" : `which you have paid ${timesPaid} ${timesPaid === 1 ? "time" : "times"}`;
  return what === "name" ? `Looks like ${possessive(name)} name, ${paid}, but pays somewhere else` : `Looks like ${possessive(name)} ${what}, ${paid}`;
}

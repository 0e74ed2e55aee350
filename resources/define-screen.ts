/**
 * A screen of the console and the policy rule that opens it. The rule is not written by hand: it is
 * the rule of the endpoint the screen shows (policies/screen-rules.ts derives "page:<path>" lines
 * from policy.csv), changed only by a declared difference that says why.
 */
import type { Feature } from "../policies/catalog.ts";
import type { Endpoint } from "./define-endpoint.ts";

/** How a screen's access differs from its endpoint's. */
export type ScreenDifference = {
  /** Also needed: e.g. kyb_approved, so a money screen shows the locked state until verification. */
  alsoNeeds?: readonly (Feature | "kyb_approved")[];
  /** Features of the endpoint's rule the screen does without (it explains their absence itself). */
  without?: readonly Feature[];
  /** Of the rules that allow the endpoint, only this permission's opens the screen. */
  onlyPermission?: string;
  why: string;
};

/** A screen: its route pattern, the endpoint it shows, and how its access differs, if it does. */
export type Screen = { path: string; shows: Endpoint; differs?: ScreenDifference };

/** The screens a resource declares: list, details, create and edit, each showing its endpoint. */
export type ScreenKind = "list" | "show" | "create" | "edit";

/** A money or account screen: shown locked, saying why, until the business's verification (KYB) is approved (SPEC §2). */
export const lockedUntilVerified = { alsoNeeds: ["kyb_approved"], why: "locked until the business is verified (SPEC §2)" } as const satisfies ScreenDifference;

/**
 * What a signed-in landing page asks for before it can show its main element, read at boot once the
 * session says someone is signed in (api/early-reads.ts): the page's own first call then takes the
 * answer instead of asking after its code has arrived. Only reads every member may make belong here
 * (one refused would be a 403 the page itself never asked for).
 */
import { businessEndpoints } from "../../../resources/business.ts";
import { readEarly } from "../api/call.ts";

const BOOT_READS: Record<string, () => void> = {
  // The dashboard decides between itself and the onboarding screen on the checklist: its greeting,
  // the page's largest element, waits for that answer on a browser that has not seen the member before.
  "/": () => void readEarly(businessEndpoints.gettingStarted).catch(() => undefined),
};

/** Sends the reads of the page at `pathname`, if it has any. */
export function sendBootReads(pathname: string) {
  BOOT_READS[pathname]?.();
}

/**
 * The getting-started checklist from the server, re-read every few seconds while it is on screen and
 * when the tab regains focus (verification happens on another page; deposits arrive by themselves).
 * When the business's KYB status changes, the session is refreshed so locked screens open at once.
 */
import { useEffect } from "react";
import { businessEndpoints } from "../../../../resources/business.ts";
import { useFetched } from "../../hooks/use-fetched.ts";
import { useSession } from "../../session/session.tsx";

const EVERY_MS = 5000;

export function useChecklist() {
  const fetched = useFetched(businessEndpoints.gettingStarted);
  const { session, refresh } = useSession();
  const { reload, data } = fetched;
  useEffect(() => {
    const timer = setInterval(reload, EVERY_MS);
    window.addEventListener("focus", reload);
    return () => {
      clearInterval(timer);
      window.removeEventListener("focus", reload);
    };
  }, [reload]);
  useEffect(() => {
    if (data && session && data.review_status !== session.business.kyb_status) void refresh();
  }, [data, session, refresh]);
  // SPEC §7: setup-data fetch failures are only logged.
  useEffect(() => {
    if (fetched.error) console.error("Error fetching setup data", fetched.error);
  }, [fetched.error]);
  return fetched;
}

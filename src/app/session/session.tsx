/**
 * The signed-in session (user, business, permissions, features), loaded once before any route is
 * decided, with the policy's answers for this member (grants) as the server's Casbin enforcer gave
 * them: menus and buttons follow the very rules the server enforces, without Casbin in the bundle.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useLocation, useNavigate } from "react-router";
import { granted } from "../../../policies/grants.ts";
import { isApiError, setCsrfToken, untilAnswered } from "../api/client.ts";
import { call, readEarly } from "../api/call.ts";
import { forgetEarly } from "../api/early-reads.ts";
import { sessionEndpoints, type Session } from "../../../resources/session.ts";

export type { Session } from "../../../resources/session.ts";

type SessionState = {
  loading: boolean;
  session: Session | null;
  /** Re-reads the session from the server (after sign-in, sign-out, role change). */
  refresh: () => Promise<Session | null>;
  /** The member signs out on purpose: the session ends and the sign-in page opens with no way back to their page. */
  signOut: () => Promise<void>;
  /** Whether the signed-in member may do `act` on `obj` (always false when signed out). */
  can: (obj: string, act: string) => boolean;
  /** Whether they could once the business's KYB is approved: locked screens show why instead of vanishing. */
  canOnceVerified: (obj: string, act: string) => boolean;
};

const SessionContext = createContext<SessionState | null>(null);

const readSession = () => call(sessionEndpoints.current);

/**
 * Asks who is signed in before the first render (main.tsx), ahead of the chunks that render asks for
 * (api/early-reads.ts): every signed-in page waits for this answer. The provider's first refresh takes
 * it. Resolves true when someone is signed in (false on any failure).
 */
export function readSessionAtBoot(): Promise<boolean> {
  return readEarly(sessionEndpoints.current)
    .then((r) => !!r.data)
    .catch(() => false);
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<Session | null>(null);
  const [loading, setLoading] = useState(true);
  const [signingOut, setSigningOut] = useState(false);
  const navigate = useNavigate();
  const { pathname } = useLocation();

  // The first refresh takes the session read at boot; any later one follows a change (a sign-in, a
  // sign-out, new roles), after which the other reads sent at boot, for the session as it was, go unused.
  const booted = useRef(false);
  const refresh = useCallback(async () => {
    if (booted.current) forgetEarly();
    booted.current = true;
    try {
      // Answered 200 with null when nobody is signed in: a signed-out page logs no 401.
      const res = await readSession();
      setCsrfToken(res.data?.csrf_token);
      setSession(res.data);
      return res.data;
    } catch (e) {
      console.error(e);
      setCsrfToken(undefined);
      setSession(null);
      return null;
    }
  }, []);

  /**
   * While signing out the console is taken down first (it shows the loading state): its queries and
   * live updates stop, so none is sent without a session (a 401), and the member's data cached in it
   * goes with it. The calls already on their way are let finish (for up to five seconds): taken by
   * the server after the session ended, they would be answered 401 too. Then /login opens bare: the
   * route guard would otherwise keep the page as its redirect, and whoever signs in next on this
   * browser would land on it.
   */
  const signOut = useCallback(async () => {
    setSigningOut(true);
    await untilAnswered(5_000);
    try {
      await call(sessionEndpoints.logout);
    } catch (e) {
      // A session that had already ended leaves nothing to end; any other failure leaves the member signed in.
      if (!isApiError(e) || e.statusCode !== 401) {
        setSigningOut(false);
        throw e;
      }
    }
    setCsrfToken(undefined);
    setSession(null);
    forgetEarly();
    navigate("/login", { replace: true });
  }, [navigate]);
  // Signing out ends once /login is the page. The router moves in a transition, after the session has
  // gone: until then the guard must not meet the signed-in page without a session.
  useEffect(() => {
    if (signingOut && pathname === "/login") setSigningOut(false);
  }, [signingOut, pathname]);

  useEffect(() => {
    refresh().then(() => setLoading(false));
  }, [refresh]);

  const value = useMemo<SessionState>(
    () => ({
      loading: loading || signingOut,
      session,
      refresh,
      signOut,
      can: (obj, act) => granted(session?.grants, obj, act),
      canOnceVerified: (obj, act) => granted(session?.grants_once_verified, obj, act),
    }),
    [loading, signingOut, session, refresh, signOut],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession() {
  const ctx = useContext(SessionContext);
  if (!ctx) throw new Error("useSession outside SessionProvider");
  return ctx;
}

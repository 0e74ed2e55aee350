/**
 * The signed-in session (user, business, permissions, features), loaded once before any route is
 * decided, with the policy's answers for this member (grants) as the server's Casbin enforcer gave
 * them: menus and buttons follow the very rules the server enforces, without Casbin in the bundle.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { granted, type Grants } from "../../../policies/grants.ts";
import { api, isApiError, setCsrfToken } from "../api/client.ts";

export type Session = {
  user: { id: string; email: string; first_name: string; last_name: string; two_factor_enabled: boolean };
  /** kyb_status: the business's KYB review status; money moves (and its screens open) once APPROVED. */
  business: { id: string; name: string; kyb_status: string };
  /** This member's id in the team list. */
  business_user_id: string;
  is_owner: boolean;
  roles: string[];
  permissions: string[];
  features: string[];
  csrf_token: string;
  grants: Grants;
  grants_once_verified: Grants;
};

type SessionState = {
  loading: boolean;
  session: Session | null;
  /** Re-reads the session from the server (after sign-in, sign-out, role change). */
  refresh: () => Promise<Session | null>;
  /** Whether the signed-in member may do `act` on `obj` (always false when signed out). */
  can: (obj: string, act: string) => boolean;
  /** Whether they could once the business's KYB is approved: locked screens show why instead of vanishing. */
  canOnceVerified: (obj: string, act: string) => boolean;
};

const SessionContext = createContext<SessionState | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<Session | null>(null);
  const [loading, setLoading] = useState(true);

  const refresh = useCallback(async () => {
    try {
      const res = await api<Session>("GET", "session");
      setCsrfToken(res.data.csrf_token);
      setSession(res.data);
      return res.data;
    } catch (e) {
      if (!isApiError(e) || e.statusCode !== 401) console.error(e);
      setCsrfToken(undefined);
      setSession(null);
      return null;
    }
  }, []);

  useEffect(() => {
    refresh().then(() => setLoading(false));
  }, [refresh]);

  const value = useMemo<SessionState>(
    () => ({
      loading,
      session,
      refresh,
      can: (obj, act) => granted(session?.grants, obj, act),
      canOnceVerified: (obj, act) => granted(session?.grants_once_verified, obj, act),
    }),
    [loading, session, refresh],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession() {
  const ctx = useContext(SessionContext);
  if (!ctx) throw new Error("useSession outside SessionProvider");
  return ctx;
}

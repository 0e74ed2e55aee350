/**
 * The signed-in session (user, business, permissions, features), loaded once before any route is
 * decided, and the access rules built once from it: the same Casbin policy the server enforces.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import modelText from "../../../policies/model.conf?raw";
import policyText from "../../../policies/policy.csv?raw";
import { createAccess, type Access } from "../../../policies/enforcer.ts";
import { AUTHENTICATED, KYB_APPROVED, PERSON } from "../../../policies/catalog.ts";
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
};

type SessionState = {
  loading: boolean;
  session: Session | null;
  access: Access | null;
  /** Re-reads the session from the server (after sign-in, sign-out, role change). */
  refresh: () => Promise<Session | null>;
  /** Whether the signed-in member may do `act` on `obj` (always false when signed out). */
  can: (obj: string, act: string) => boolean;
  /** Whether they could once the business's KYB is approved: locked screens show why instead of vanishing. */
  canOnceVerified: (obj: string, act: string) => boolean;
};

const SessionContext = createContext<SessionState | null>(null);
const accessPromise = createAccess(modelText, policyText);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<Session | null>(null);
  const [access, setAccess] = useState<Access | null>(null);
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
    Promise.all([accessPromise, refresh()]).then(([a]) => {
      setAccess(a);
      setLoading(false);
    });
  }, [refresh]);

  const value = useMemo<SessionState>(() => {
    // The console is always a person's session.
    const verified = session?.business.kyb_status === "APPROVED";
    const permissions = [AUTHENTICATED, PERSON, ...(session?.permissions ?? [])];
    const subject = session ? { permissions, features: verified ? [...session.features, KYB_APPROVED] : session.features } : null;
    const onceVerified = session ? { permissions, features: [...session.features, KYB_APPROVED] } : null;
    return {
      loading,
      session,
      access,
      refresh,
      can: (obj, act) => !!subject && !!access && access.can(subject, obj, act),
      canOnceVerified: (obj, act) => !!onceVerified && !!access && access.can(onceVerified, obj, act),
    };
  }, [loading, session, access, refresh]);

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession() {
  const ctx = useContext(SessionContext);
  if (!ctx) throw new Error("useSession outside SessionProvider");
  return ctx;
}

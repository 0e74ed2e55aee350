/** Refine's authProvider over the session: check, identity, logout, and 401 handling. */
import type { AuthProvider } from "@refinedev/core";
import type { Session } from "../session/session.tsx";

export function authProvider(getSession: () => Session | null, refresh: () => Promise<Session | null>, signOut: () => Promise<void>): AuthProvider {
  return {
    // Sign-in is a multi-step flow (credentials, 2FA check, code) handled by the login page.
    login: async () => ({ success: false }),
    check: async () => (getSession() ? { authenticated: true } : { authenticated: false, redirectTo: "/login" }),
    // The side menu's Logout: the session signs out and opens /login itself, so Refine goes nowhere.
    logout: async () => {
      try {
        await signOut();
        return { success: true };
      } catch (e) {
        return { success: false, error: e as Error };
      }
    },
    getIdentity: async () => getSession()?.user ?? null,
    getPermissions: async () => getSession()?.permissions ?? [],
    // A 401 means the session ended elsewhere (expired, revoked): the session is read again and the route
    // guard sends the member to /login keeping where they were, to come back to after signing in.
    onError: async (error) => {
      if (error?.statusCode === 401) await refresh();
      return {};
    },
  };
}

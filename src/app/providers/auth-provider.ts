/** Refine's authProvider over the session: check, identity, logout, and 401 handling. */
import type { AuthProvider } from "@refinedev/core";
import { api } from "../api/client.ts";
import type { Session } from "../session/session.tsx";

export function authProvider(getSession: () => Session | null, refresh: () => Promise<Session | null>): AuthProvider {
  return {
    // Sign-in is a multi-step flow (credentials, 2FA check, code) handled by the login page.
    login: async () => ({ success: false }),
    check: async () => (getSession() ? { authenticated: true } : { authenticated: false, redirectTo: "/login" }),
    logout: async () => {
      await api("POST", "session/logout").catch(() => undefined);
      await refresh();
      return { success: true, redirectTo: "/login" };
    },
    getIdentity: async () => getSession()?.user ?? null,
    getPermissions: async () => getSession()?.permissions ?? [],
    onError: async (error) => {
      if (error?.statusCode === 401) {
        await refresh();
        return { logout: true, redirectTo: "/login" };
      }
      return {};
    },
  };
}

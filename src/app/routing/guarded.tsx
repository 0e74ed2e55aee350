/**
 * Applies guardRedirect to a route, once the session is known (SPEC: the business loads first).
 * A screen the member could open once the business's KYB is approved is not redirected away: it
 * shows the locked-feature state instead, saying why.
 */
import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { Flex, Spin } from "antd";
import { useSession } from "../session/session.tsx";
import { guardRedirect, type RouteKind } from "./guard.ts";
import { LockedFeature } from "../components/onboarding/locked-feature.tsx";
import { lockedFeatureName } from "../navigation.tsx";

export function Guarded({ kind, pattern, children }: { kind: RouteKind; pattern: string; children: ReactNode }) {
  const { loading, session, can, canOnceVerified } = useSession();
  const location = useLocation();
  if (loading) return <FullPageSpin />;
  const to = guardRedirect({ kind, pattern, location: location.pathname + location.search, signedIn: !!session, can: canOnceVerified });
  if (to) return <Navigate to={to} replace />;
  if (kind === "protected" && !can(`page:${pattern}`, "view")) return <LockedFeature name={lockedFeatureName(pattern)} />;
  return <>{children}</>;
}

export const FullPageSpin = () => (
  <Flex align="center" justify="center" style={{ minHeight: "60vh" }}>
    <Spin size="large" />
  </Flex>
);

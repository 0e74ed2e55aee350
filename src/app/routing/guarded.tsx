/** Applies guardRedirect to a route, once the session is known (SPEC: the business loads first). */
import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { Flex, Spin } from "antd";
import { useSession } from "../session/session.tsx";
import { guardRedirect, type RouteKind } from "./guard.ts";

export function Guarded({ kind, pattern, children }: { kind: RouteKind; pattern: string; children: ReactNode }) {
  const { loading, session, can } = useSession();
  const location = useLocation();
  if (loading) return <FullPageSpin />;
  const to = guardRedirect({ kind, pattern, location: location.pathname + location.search, signedIn: !!session, can });
  return to ? <Navigate to={to} replace /> : <>{children}</>;
}

export const FullPageSpin = () => (
  <Flex align="center" justify="center" style={{ minHeight: "60vh" }}>
    <Spin size="large" />
  </Flex>
);

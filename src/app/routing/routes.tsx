/**
 * Every route of the app with its kind (SPEC §2): sign-in-free "guest" pages, "open" pages anyone
 * may see, and "protected" pages inside the layout whose access the policy's page rules decide.
 * Pages load lazily so each route ships only its own code.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import type { RouteKind } from "./guard.ts";

export type AppRoute = { path: string; kind: RouteKind; page: LazyExoticComponent<ComponentType> };

export const ROUTES: AppRoute[] = [
  { path: "/login", kind: "guest", page: lazy(() => import("../pages/auth/login.tsx")) },
  { path: "/create-account", kind: "guest", page: lazy(() => import("../pages/auth/create-account.tsx")) },
  { path: "/forgot-password", kind: "guest", page: lazy(() => import("../pages/auth/forgot-password.tsx")) },
  { path: "/reset-password/:token", kind: "guest", page: lazy(() => import("../pages/auth/reset-password.tsx")) },
  { path: "/email-verification/:token", kind: "guest", page: lazy(() => import("../pages/auth/email-verification.tsx")) },
  { path: "/invitation/:token", kind: "guest", page: lazy(() => import("../pages/auth/invitation.tsx")) },
  { path: "/sandbox/mailbox", kind: "open", page: lazy(() => import("../pages/sandbox-mailbox.tsx")) },
  { path: "/404", kind: "open", page: lazy(() => import("../pages/not-found.tsx")) },
  { path: "/", kind: "protected", page: lazy(() => import("../pages/dashboard.tsx")) },
];

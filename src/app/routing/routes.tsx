/**
 * Every route of the app with its kind (SPEC §2): sign-in-free "guest" pages, "open" pages anyone
 * may see, and "protected" pages inside the layout whose access the policy's page rules decide.
 * Resource screens are generated from resources/; pages load lazily so a route ships its own code.
 */
import { lazy, type ReactElement } from "react";
import { RESOURCES } from "../../../resources/index.ts";
import type { RouteKind } from "./guard.ts";

export type AppRoute = { path: string; kind: RouteKind; element: ReactElement };

const page = (load: () => Promise<{ default: React.ComponentType }>) => {
  const Page = lazy(load);
  return <Page />;
};
const screens = () => import("../components/resource/resource-pages.tsx");
const ListPage = lazy(() => screens().then((m) => ({ default: m.ResourceListPage })));
const ShowPage = lazy(() => screens().then((m) => ({ default: m.ResourceShowPage })));
const CreatePage = lazy(() => screens().then((m) => ({ default: m.ResourceCreatePage })));
const EditPage = lazy(() => screens().then((m) => ({ default: m.ResourceEditPage })));

const resourceRoutes: AppRoute[] = RESOURCES.filter((r) => r.standalone !== false).flatMap((def) => {
  const { list, show, create, edit } = def.routes;
  return [
    { path: list, kind: "protected" as const, element: <ListPage def={def} /> },
    ...(create ? [{ path: create, kind: "protected" as const, element: <CreatePage def={def} /> }] : []),
    ...(show ? [{ path: show, kind: "protected" as const, element: <ShowPage def={def} /> }] : []),
    ...(edit ? [{ path: edit, kind: "protected" as const, element: <EditPage def={def} /> }] : []),
  ];
});

export const ROUTES: AppRoute[] = [
  { path: "/login", kind: "guest", element: page(() => import("../pages/auth/login.tsx")) },
  { path: "/create-account", kind: "guest", element: page(() => import("../pages/auth/create-account.tsx")) },
  { path: "/forgot-password", kind: "guest", element: page(() => import("../pages/auth/forgot-password.tsx")) },
  { path: "/reset-password/:token", kind: "guest", element: page(() => import("../pages/auth/reset-password.tsx")) },
  { path: "/email-verification/:token", kind: "guest", element: page(() => import("../pages/auth/email-verification.tsx")) },
  { path: "/invitation/:token", kind: "guest", element: page(() => import("../pages/auth/invitation.tsx")) },
  { path: "/sandbox/mailbox", kind: "open", element: page(() => import("../pages/sandbox-mailbox.tsx")) },
  { path: "/sandbox/deposit", kind: "open", element: page(() => import("../pages/sandbox-deposit.tsx")) },
  { path: "/sandbox/kyb", kind: "open", element: page(() => import("../pages/sandbox-kyb/console-page.tsx")) },
  { path: "/sandbox/kyb/:token", kind: "open", element: page(() => import("../pages/sandbox-kyb/verification-page.tsx")) },
  { path: "/404", kind: "open", element: page(() => import("../pages/not-found.tsx")) },
  { path: "/", kind: "protected", element: page(() => import("../pages/dashboard.tsx")) },
  { path: "/settings", kind: "protected", element: page(() => import("../pages/settings.tsx")) },
  { path: "/rates", kind: "protected", element: page(() => import("../pages/rates.tsx")) },
  { path: "/developers", kind: "protected", element: page(() => import("../pages/developers/developers-page.tsx")) },
  { path: "/deals", kind: "protected", element: page(() => import("../pages/deals/deals-page.tsx")) },
  { path: "/payments/send", kind: "protected", element: page(() => import("../pages/payments/send-redirect.tsx")) },
  { path: "/payments/send/money", kind: "protected", element: page(() => import("../pages/payments/send-money.tsx")) },
  { path: "/payments/send/exchange", kind: "protected", element: page(() => import("../pages/payments/send-exchange.tsx")) },
  { path: "/crypto/send-stablecoins", kind: "protected", element: page(() => import("../pages/payments/send-stablecoins.tsx")) },
  ...resourceRoutes,
];

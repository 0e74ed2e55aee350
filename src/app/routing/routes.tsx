/**
 * Every route of the app with its kind (SPEC §2): sign-in-free "guest" pages, "open" pages anyone
 * may see, and "protected" pages inside the layout whose access the policy's page rules decide.
 * Resource screens are generated from resources/; pages load lazily so a route ships its own code.
 */
import { lazy, type ReactElement } from "react";
import { RESOURCES } from "../../../resources/index.ts";
import { PAGES } from "../../../resources/pages.ts";
import type { RouteKind } from "./guard.ts";

export type AppRoute = { path: string; kind: RouteKind; element: ReactElement };

const page = (load: () => Promise<{ default: React.ComponentType }>) => {
  const Page = lazy(load);
  return <Page />;
};
const screens = () => import("../components/resource/resource-pages.tsx");
const ListPage = lazy(() => screens().then((m) => ({ default: m.ResourceListPage })));
const ShowPage = lazy(() => screens().then((m) => ({ default: m.ResourceShowPage })));
const formScreens = () => import("../components/resource/resource-form-pages.tsx");
const CreatePage = lazy(() => formScreens().then((m) => ({ default: m.ResourceCreatePage })));
const EditPage = lazy(() => formScreens().then((m) => ({ default: m.ResourceEditPage })));

const resourceRoutes: AppRoute[] = RESOURCES.filter((r) => r.standalone !== false).flatMap((def) => {
  const { list, show, create, edit } = def.routes;
  return [
    { path: list, kind: "protected" as const, element: <ListPage def={def} /> },
    ...(create ? [{ path: create, kind: "protected" as const, element: <CreatePage def={def} /> }] : []),
    ...(show ? [{ path: show, kind: "protected" as const, element: <ShowPage def={def} /> }] : []),
    ...(edit ? [{ path: edit, kind: "protected" as const, element: <EditPage def={def} /> }] : []),
  ];
});

/** The bespoke pages by their declaration's key (resources/pages.ts gives each its route and rule). */
const BESPOKE: Record<keyof typeof PAGES, () => Promise<{ default: React.ComponentType }>> = {
  dashboard: () => import("../pages/dashboard.tsx"),
  settings: () => import("../pages/settings.tsx"),
  rates: () => import("../pages/rates.tsx"),
  developers: () => import("../pages/developers/developers-page.tsx"),
  deals: () => import("../pages/deals/deals-page.tsx"),
  sendPayment: () => import("../pages/payments/send-redirect.tsx"),
  sendMoney: () => import("../pages/payments/send-money.tsx"),
  sendExchange: () => import("../pages/payments/send-exchange.tsx"),
  sendStablecoins: () => import("../pages/payments/send-stablecoins.tsx"),
};
const bespokeRoutes: AppRoute[] = Object.entries(BESPOKE).map(([key, load]) => ({
  path: PAGES[key as keyof typeof PAGES].path,
  kind: "protected",
  element: page(load),
}));

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
  ...bespokeRoutes,
  ...resourceRoutes,
];

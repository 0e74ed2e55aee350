/**
 * Every route of the app with its kind (SPEC §2): sign-in-free "guest" pages, "open" pages anyone
 * may see, and "protected" pages inside the layout whose access the policy's page rules decide.
 * Resource screens are generated from resources/; pages load lazily so a route ships its own code.
 */
import { lazy, type ReactElement } from "react";
import { matchPath } from "react-router";
import { CATALOG, PAGE_PATHS } from "../../../resources/catalog.ts";
import type { ResourceDef } from "../../../resources/define-resource.ts";
import { loadResource } from "../../../resources/load.ts";
import type { RouteKind } from "./guard.ts";

/** preload: fetches the page's code without rendering it (the browser keeps the modules for the render). */
export type AppRoute = { path: string; kind: RouteKind; element: ReactElement; preload: () => Promise<unknown> };

const page = (load: () => Promise<{ default: React.ComponentType }>) => {
  const Page = lazy(load);
  return { element: <Page />, preload: load };
};
const formScreens = () => import("../components/resource/resource-form-pages.tsx");
type ScreenOf = React.ComponentType<{ def: ResourceDef }>;

/** A resource's screen, fetched with its declaration (resources/load.ts) on the route's first visit. */
const screen = (name: string, load: () => Promise<ScreenOf>) => {
  const preload = () => Promise.all([load(), loadResource(name)]);
  const Screen = lazy(() => preload().then(([Of, def]) => ({ default: () => <Of def={def} /> })));
  return { element: <Screen />, preload };
};

const resourceRoutes: AppRoute[] = CATALOG.filter((r) => r.standalone !== false).flatMap(({ name, routes }) => {
  const { list, show, create, edit } = routes;
  return [
    {
      path: list,
      kind: "protected" as const,
      ...screen(name, () => import("../components/resource/resource-list-page.tsx").then((m) => m.ResourceListPage)),
    },
    ...(create ? [{ path: create, kind: "protected" as const, ...screen(name, () => formScreens().then((m) => m.ResourceCreatePage)) }] : []),
    ...(show
      ? [
          {
            path: show,
            kind: "protected" as const,
            ...screen(name, () => import("../components/resource/resource-show-page.tsx").then((m) => m.ResourceShowPage)),
          },
        ]
      : []),
    ...(edit ? [{ path: edit, kind: "protected" as const, ...screen(name, () => formScreens().then((m) => m.ResourceEditPage)) }] : []),
  ];
});

/** The bespoke pages by their key (resources/catalog.ts gives each its route, resources/pages.ts its rule). */
const BESPOKE: Record<keyof typeof PAGE_PATHS, () => Promise<{ default: React.ComponentType }>> = {
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
  path: PAGE_PATHS[key as keyof typeof PAGE_PATHS],
  kind: "protected",
  ...page(load),
}));

export const ROUTES: AppRoute[] = [
  { path: "/login", kind: "guest", ...page(() => import("../pages/auth/login.tsx")) },
  { path: "/create-account", kind: "guest", ...page(() => import("../pages/auth/create-account.tsx")) },
  { path: "/forgot-password", kind: "guest", ...page(() => import("../pages/auth/forgot-password.tsx")) },
  { path: "/reset-password/:token", kind: "guest", ...page(() => import("../pages/auth/reset-password.tsx")) },
  { path: "/email-verification/:token", kind: "guest", ...page(() => import("../pages/auth/email-verification.tsx")) },
  { path: "/invitation/:token", kind: "guest", ...page(() => import("../pages/auth/invitation.tsx")) },
  { path: "/sandbox/mailbox", kind: "open", ...page(() => import("../pages/sandbox-mailbox.tsx")) },
  { path: "/sandbox/deposit", kind: "open", ...page(() => import("../pages/sandbox-deposit.tsx")) },
  { path: "/sandbox/kyb", kind: "open", ...page(() => import("../pages/sandbox-kyb/console-page.tsx")) },
  { path: "/sandbox/kyb/:token", kind: "open", ...page(() => import("../pages/sandbox-kyb/verification-page.tsx")) },
  { path: "/404", kind: "open", ...page(() => import("../pages/not-found.tsx")) },
  ...bespokeRoutes,
  ...resourceRoutes,
];

/**
 * Fetches the code of the signed-in page at `pathname` without rendering it, so that it travels
 * beside the frame's instead of after it (main.tsx). A path of several routes' shapes takes the one
 * with fewest parameters ("/sub-accounts/new" before "/sub-accounts/:id"), as the router ranks them.
 */
export function preloadPage(pathname: string) {
  const params = (r: AppRoute) => r.path.split(":").length;
  const route = ROUTES.filter((r) => r.kind === "protected" && matchPath(r.path, pathname)).sort((a, b) => params(a) - params(b))[0];
  route?.preload().catch(() => undefined);
}

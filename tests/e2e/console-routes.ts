/**
 * The console's signed-in routes (SPEC §2) as the declarations give them (resources/index.ts and
 * resources/pages.ts), with a way to fill their ids from the demo's own lists, for the sweeps that
 * visit every route (accessibility, small screens): a new screen is swept as soon as it is declared.
 */
import { expect, type Page } from "@playwright/test";
import { RESOURCES } from "../../resources/index.ts";
import { PAGES } from "../../resources/pages.ts";

/** Each route, and for a details or edit route the list endpoint whose first row fills its :id. */
export const SIGNED_IN_ROUTES: { path: string; list?: string }[] = [
  ...Object.values(PAGES).map((p) => ({ path: p.path as string })),
  ...RESOURCES.filter((r) => r.standalone !== false).flatMap((r) =>
    [r.routes.list, r.routes.create, r.routes.show, r.routes.edit]
      .filter((path): path is string => !!path)
      .map((path) => ({ path, list: path.includes(":id") ? r.api.list.path : undefined })),
  ),
  // SPEC §2: the beneficiaries list opened on its add form.
  { path: "/payments/beneficiaries?add-new=true" },
];

/** The pages one reaches signed out (SPEC §2), the sandbox's partner pages included; tokens that are not real. */
export const SIGNED_OUT_ROUTES = [
  "/login",
  "/login?action=verified",
  "/create-account",
  "/forgot-password",
  "/reset-password/not-a-real-token",
  "/email-verification/not-a-real-token",
  "/invitation/not-a-real-token",
  "/404",
  "/sandbox/mailbox",
  "/sandbox/deposit",
  "/sandbox/kyb",
];

/** The page has settled: no skeleton, spinner or loading button left (content, not a timer). */
export async function settled(page: Page) {
  // Beside the other worker's flows on a loaded two-core machine a route's reads have taken over 15 s.
  await expect(page.locator(".ant-skeleton, .ant-spin-spinning, .ant-btn-loading")).toHaveCount(0, { timeout: 30_000 });
}

/**
 * Opens a route as a member does after the first page: the console's router moves (history and a
 * popstate, as the Back button does) without fetching and starting the whole app again, so a sweep
 * of every route costs one start. The first route, and another view of the same path, load as a
 * fresh tab would.
 */
async function open(page: Page, route: string, fresh: boolean) {
  if (fresh || new URL(route, page.url()).pathname === new URL(page.url()).pathname) {
    await page.goto(route);
    return;
  }
  const before = await page.evaluate((to) => {
    const h1 = document.querySelector("h1");
    h1?.setAttribute("data-left-behind", "");
    window.history.pushState(null, "", to);
    window.dispatchEvent(new PopStateEvent("popstate"));
    return h1?.textContent ?? null;
  }, route);
  // The page that was there stays painted while the next one's code loads: its heading is marked,
  // so the next page is there once a heading is not that one (a new element, or new words in it).
  await page.waitForFunction((old) => {
    const h1 = document.querySelector("h1");
    return !!h1 && (!h1.hasAttribute("data-left-behind") || h1.textContent !== old);
  }, before);
}

/**
 * Visits every signed-in route the member may open, settled, calling `check` on each; returns how
 * many were visited. A route whose list is empty or refused is passed over (nothing to open), as is
 * one the route guard answers by sending the member to the dashboard.
 */
export async function visitEveryRoute(page: Page, check: (route: string) => Promise<void>) {
  const firstIds = new Map<string, string | null>();
  const firstId = async (list: string) => {
    if (!firstIds.has(list)) {
      const res = await page.request.get(`/api${list}`);
      const items = res.ok() ? ((await res.json()).data?.items as { id: string }[] | undefined) : undefined;
      firstIds.set(list, items?.[0]?.id ?? null);
    }
    return firstIds.get(list) ?? null;
  };
  let visited = 0;
  for (const { path, list } of SIGNED_IN_ROUTES) {
    const id = list ? await firstId(list) : "";
    if (id === null) continue;
    const route = path.replace(":id", id);
    await open(page, route, visited === 0);
    await settled(page);
    if (new URL(page.url()).pathname === "/" && path !== "/") continue;
    await check(route);
    visited++;
  }
  return visited;
}

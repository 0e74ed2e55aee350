/**
 * The console's bespoke pages (the resources' screens come from their declarations): each page's
 * route and the endpoint it is about, whose policy rule opens it (define-screen.ts).
 */
import { businessEndpoints } from "./business.ts";
import { PAGE_PATHS } from "./catalog.ts";
import { cryptoSendEndpoints } from "./crypto-send.ts";
import { dealEndpoints } from "./deals.ts";
import { developerEndpoints } from "./developers.ts";
import { exchangeEndpoints } from "./exchange.ts";
import { fxRateEndpoints } from "./fx-rates.ts";
import { paymentEndpoints } from "./payments.ts";
import type { Screen } from "./define-screen.ts";
import { RESOURCES } from "./index.ts";
import { resourceScreens } from "./define-resource.ts";

export const PAGES = {
  // The dashboard and settings are about the business itself: every member's.
  dashboard: { path: PAGE_PATHS.dashboard, shows: businessEndpoints.profile },
  settings: { path: PAGE_PATHS.settings, shows: businessEndpoints.profile },
  rates: { path: PAGE_PATHS.rates, shows: fxRateEndpoints.list },
  deals: { path: PAGE_PATHS.deals, shows: dealEndpoints.list },
  developers: {
    path: PAGE_PATHS.developers,
    shows: developerEndpoints.listApiKeys,
    differs: { without: ["api_access"], why: "without API access the page shows the locked notice in place of its tabs" },
  },
  sendPayment: { path: PAGE_PATHS.sendPayment, shows: paymentEndpoints.send },
  sendMoney: { path: PAGE_PATHS.sendMoney, shows: paymentEndpoints.send },
  sendExchange: {
    path: PAGE_PATHS.sendExchange,
    shows: exchangeEndpoints.fromAccount,
    // The exchange screen also swaps from a wallet, so it does not ask for fiat access.
    differs: { without: ["fiat"], why: "swaps from wallets as well as accounts" },
  },
  sendStablecoins: { path: PAGE_PATHS.sendStablecoins, shows: cryptoSendEndpoints.send },
} as const satisfies Record<string, Screen>;

/** Every screen of the console: the resources' and the bespoke pages. */
export const SCREENS: Screen[] = [...RESOURCES.flatMap(resourceScreens), ...Object.values(PAGES)];

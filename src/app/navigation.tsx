/**
 * The side menu as Refine resources: bespoke pages, groups, and every declared resource with a
 * menu entry. Refine's sider asks the access control provider, so entries the policy denies hide.
 */
import type { ResourceProps } from "@refinedev/core";
import { BankOutlined, SwapOutlined, DashboardOutlined, SendOutlined, SettingOutlined, TeamOutlined, WalletOutlined } from "@ant-design/icons";
import { FileDoneOutlined, FileTextOutlined, LineChartOutlined, ShoppingOutlined } from "@ant-design/icons";
import { ApiOutlined, GiftOutlined, ScheduleOutlined } from "@ant-design/icons";
import { CATALOG, PAGE_PATHS } from "../../resources/catalog.ts";
import type { ResourceRoutes } from "./providers/access-control.ts";

const ICONS: Record<string, React.ReactNode> = {
  dashboard: <DashboardOutlined />,
  bank: <BankOutlined />,
  transactions: <SwapOutlined />,
  payments: <SendOutlined />,
  crypto: <WalletOutlined />,
  team: <TeamOutlined />,
  settings: <SettingOutlined />,
  rates: <LineChartOutlined />,
  invoicing: <FileTextOutlined />,
  invoice: <FileDoneOutlined />,
  product: <ShoppingOutlined />,
  deals: <GiftOutlined />,
  developers: <ApiOutlined />,
  schedule: <ScheduleOutlined />,
};

/** lockedName: what a screen locked until KYB approval says there is none of ('No {lockedName}'), when not its label. */
type Entry = { name: string; routes: ResourceRoutes; label: string; icon?: string; parent?: string; order: number; lockedName?: string };

const ENTRIES: Entry[] = [
  { name: "dashboard", routes: { list: PAGE_PATHS.dashboard }, label: "Dashboard", icon: "dashboard", order: 0 },
  { name: "payments", routes: {}, label: "Payments", icon: "payments", order: 30 },
  { name: "crypto", routes: {}, label: "Crypto", icon: "crypto", order: 40 },
  { name: "invoicing", routes: {}, label: "Invoicing", icon: "invoicing", order: 50 },
  ...CATALOG.filter((r) => r.menu).map((r) => ({
    name: r.name,
    routes: r.routes,
    label: r.menu!.label,
    icon: r.menu!.icon,
    parent: r.menu!.parent,
    order: r.menu!.order,
  })),
  { name: "send-money", routes: { list: PAGE_PATHS.sendMoney }, label: "Send money", parent: "payments", order: 35, lockedName: "Payments" },
  { name: "send-exchange", routes: { list: PAGE_PATHS.sendExchange }, label: "Exchange", parent: "payments", order: 36, lockedName: "Exchanges" },
  {
    name: "send-stablecoins",
    routes: { list: PAGE_PATHS.sendStablecoins },
    label: "Send stablecoins",
    parent: "crypto",
    order: 15,
    lockedName: "Stablecoin payments",
  },
  { name: "fx-rates", routes: { list: PAGE_PATHS.rates }, label: "Fx Rates", icon: "rates", order: 60 },
  { name: "deals", routes: { list: PAGE_PATHS.deals }, label: "Deals", icon: "deals", order: 65 },
  { name: "developers", routes: { list: PAGE_PATHS.developers }, label: "Developers", icon: "developers", order: 85 },
  { name: "settings", routes: { list: PAGE_PATHS.settings }, label: "Settings", icon: "settings", order: 90 },
];

export const MENU: ResourceProps[] = [...ENTRIES]
  .sort((a, b) => a.order - b.order)
  .map((e) => ({ name: e.name, ...e.routes, meta: { label: e.label, icon: e.icon ? ICONS[e.icon] : undefined, parent: e.parent } }));

/**
 * The menu in the member's language: each label is the catalogue's "menu.<name>" (English: the
 * label above, which tests/unit/i18n-keys.test.ts holds equal to the English catalogue's).
 */
export const translatedMenu = (translate: (key: string, defaultMessage?: string) => string): ResourceProps[] =>
  MENU.map((m) => ({ ...m, meta: { ...m.meta, label: translate(`menu.${m.name}`, m.meta?.label as string) } }));

/** A menu entry's routes; a group (no route of its own) lists its children's, so it shows when any does. */
export function routesOf(name: string): ResourceRoutes | ResourceRoutes[] | undefined {
  const entry = ENTRIES.find((e) => e.name === name);
  if (!entry) return undefined;
  return Object.keys(entry.routes).length ? entry.routes : ENTRIES.filter((e) => e.parent === name).map((e) => e.routes);
}

/** The name a screen locked until KYB approval gives its feature: its menu entry's. */
export function lockedFeatureName(pattern: string): string {
  const entry = ENTRIES.find((e) => Object.values(e.routes).includes(pattern) || (pattern.startsWith(e.routes.list ?? "\0") && e.routes.list !== "/"));
  return entry?.lockedName ?? entry?.label ?? "Payments";
}

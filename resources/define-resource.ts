/**
 * A resource is declared once: its routes, API endpoints, zod schemas, list columns, filters, form
 * fields, actions, access and the texts of its empty and error states. Generic screens render it,
 * the data provider calls it, the server validates with its schemas. No React, antd, fastify or
 * drizzle here: both sides import this.
 */
import type { z } from "zod";
import type { Feature } from "../policies/catalog.ts";
import type { Endpoint } from "./define-endpoint.ts";
import type { Screen, ScreenDifference, ScreenKind } from "./define-screen.ts";

/** Renderers by key; src/app/components/resource/renderers.tsx maps each to a component. */
export type RendererKey =
  | "text"
  | "money"
  /** A signed amount in minor units: "+" what arrived, "−" what left (transaction lists). */
  | "signedMoney"
  | "currency"
  | "status"
  | "date"
  | "datetime"
  | "address"
  | "sortCode"
  | "tags"
  | "boolean"
  | "roles"
  | "person"
  | "wallet"
  | "blockchain"
  | "view"
  /** A country's name from its ISO alpha-2 code. */
  | "country"
  /** A postal address object {line_1, city, state, postal_code, country} on one line. */
  | "postalAddress"
  /** A secret number (BVN, NIN): dots, then its last 4 digits. */
  | "masked"
  /** In a list only: the row's menu (View, Edit, the declared actions the member may run). */
  | "actions"
  /** A settlement's period from the row: "start – end", or "start – Present" while it has no end. */
  | "period"
  /** "money", but 'N/A' when there is no amount (e.g. an open settlement's settlement amount). */
  | "moneyOrNA"
  /** An FX rate from `currencyField`'s currency to `quoteCurrencyField`'s: "1 NGN = 0.000612224 USD", the stored rate on hover. */
  | "rate"
  /** A {name, account_number} object: the name above the account number. */
  | "customer"
  /** A beneficiary's destination_label ("Bank transfer"), in the member's language. */
  | "destination"
  /** A payment schedule's frequency_label ("Monthly on the 1st"), in the member's language, from the row's frequency, start_date and day_of_month. */
  | "frequency"
  /** Always empty (a figure the SPEC shows blank). */
  | "blank"
  /** In monospace, as code (an API key's masked form). */
  | "code"
  /** A web address, broken anywhere to fit its cell. */
  | "url"
  /** In a list only: the row's Edit and declared actions as small buttons (not a menu); the column shows when the member may run one. */
  | "buttons"
  /** An audit entry's change: each field asked for, after the value it replaced when one was kept ("role: VIEWER → APPROVER"). */
  | "changes"
  /** A beneficiary's payee protection state (issue 29): "New — details can be paid from …", a change waiting for approval. */
  | "payeeStatus"
  /** The bank's name check answer (MATCH, CLOSE_MATCH with the registered name, NO_MATCH). */
  | "nameCheck";

/** A tag shown beside a value while the record's boolean `field` is true (e.g. an invoice's is_overdue). */
export type Flag = { field: string; label: string; color?: string };

/** How a value reads, beyond its renderer: a list column and a detail field share these. */
export type Display = {
  /** What each value reads as (PENDING_DEPOSIT_ADDRESS as 'Processing'; for "status" the tag's text); others as the renderer shows them. */
  labels?: Record<string, string>;
  /** What an absent value reads as ('Never' for a key that does not expire); '—' when not given. */
  emptyText?: string;
  /** For "tags": beyond `shown` tags, one tag counts them ("5 events"), the list on hover. */
  tagLimit?: { shown: number; noun: string };
};

export type Column = Display & {
  /** Dotted path into the row. */
  field: string;
  title: string;
  render?: RendererKey;
  /** For "money": the path of the currency that gives the precision (for "rate": the base currency). */
  currencyField?: string;
  /** For "rate": the path of the currency one unit of the base is worth. */
  quoteCurrencyField?: string;
  width?: number;
  flags?: Flag[];
  /** Kept in reach at the table's right edge while wide rows scroll sideways (the table then scrolls). */
  fixed?: "right";
  /** The list endpoint's `sort` key this column orders by (`sort=<key>`, `sort=-<key>` descending); the header is sortable when given. */
  sort?: string;
};

/** A choice in a filter; `params` sends several query parameters instead of param=value. */
export type Option = { value: string; label: string; feature?: Feature; params?: Record<string, string> };

/** Options read from another resource (e.g. beneficiaries for a counterparty filter). */
export type OptionsFrom = { resource: string; labelField: string; params?: Record<string, string> };

export type Filter =
  | { field: string; kind: "search"; param: string; placeholder: string; debounceMs?: number }
  | { field: string; kind: "select"; param: string; label: string; options: Option[]; initial?: string }
  | { field: string; kind: "multi"; param: string; label: string; options: Option[]; optionsFrom?: OptionsFrom }
  | { field: string; kind: "dateRange"; params: [string, string]; label: string };

/** Show a field only when other fields have one of these values. */
export type When = Record<string, readonly string[]>;

export type FormField = {
  name: string;
  label: string;
  /** "money": typed in major units ("12.50"), held and sent as a string of minor units. */
  kind: "text" | "select" | "textarea" | "radio" | "country" | "money";
  options?: Option[];
  /** For "money": the path of the form value holding the currency that gives the precision. */
  currencyField?: string;
  placeholder?: string;
  when?: When;
  /** Fields that cannot change after creation are shown disabled on edit. */
  createOnly?: boolean;
};

export type DetailField = Display & { field: string; label: string; render?: RendererKey; currencyField?: string; when?: When };

type ActionBase = {
  key: string;
  label: string;
  /** Record states in which the action is offered. */
  states?: readonly string[];
  /** Other record values the action needs (e.g. is_partially_paid: ["false"]: nothing received yet). */
  when?: When;
  /** Members holding this policy rule may run it where `when` does not hold (e.g. disable other members' keys). */
  waivedBy?: { obj: string; act: string };
  /** The confirmation's title; {path} is filled from the record ("Disable the API key '{name}'?"). */
  confirm?: string;
  /** The confirmation's text under its title, filled in the same way. */
  confirmBody?: string;
  danger?: boolean;
};

/** An action the API performs on the record (e.g. activate): its endpoint (with :id), whose policy rule the UI checks too; optionally confirmed first. */
export type ApiAction = ActionBase & {
  endpoint: Endpoint;
  /** Where to go after success (else stay and refresh). */
  redirectTo?: string;
  toastSeconds?: number;
};

/** An action that opens another screen about the record (e.g. create a sub-account for this customer). */
export type LinkAction = ActionBase & {
  /** Policy object/action checked for the current user (the screen it opens checks again). */
  access: { obj: string; act: string };
  /** App route with :id. */
  to: string;
};

/** The policy rule an action needs: its endpoint's (the server refuses the same), or a link's own. */
export const actionAccess = (a: ApiAction | LinkAction) => ("endpoint" in a ? a.endpoint.access : a.access);

export type RowAction = ApiAction | LinkAction;

/** Without a title the body is the whole message, in the text's colour (the Developers tabs' one sentence). */
export type EmptyState = { title?: string; body: string };

/** A figure above the list, read from `field` of the summary endpoint's answer. */
export type SummaryTile = { field: string; label: string; color?: string };
/** Tiles above the list (e.g. Total / Active / Inactive), from one GET endpoint; refreshed with the list. */
export type Summary = { endpoint: Endpoint; tiles: SummaryTile[] };

/**
 * A tab of a list: its own fixed parameters, who may see it, its own empty state. A `hosted` tab shows
 * what the page hosting the list puts there (ResourceList's tabPanels, e.g. recent transactions), not the list.
 */
export type ListTab = {
  key: string;
  label: string;
  params?: Record<string, string>;
  access?: { obj: string; act: string };
  empty?: EmptyState;
  hosted?: true;
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a list of resources holds many row types
// biome-ignore lint/suspicious/noExplicitAny: a list of resources holds many row types; `unknown` would refuse their renderers
export type ResourceDef<Row = any> = {
  name: string;
  label: string;
  title: string;
  subtitle: string;
  routes: { list: string; show?: string; create?: string; edit?: string };
  /** The endpoints the generic screens call (resources/define-endpoint.ts); `one` where the record can be read alone. */
  api: { list: Endpoint; one?: Endpoint; create?: Endpoint; update?: Endpoint };
  /**
   * Where a screen's access differs from its endpoint's (list: api.list, show: api.one or api.list,
   * create: api.create, edit: api.update); the page rules are derived from those (define-screen.ts).
   */
  screens?: Partial<Record<ScreenKind, ScreenDifference>>;
  /** Fixed list parameters (e.g. type=CRYPTO for the crypto page). */
  fixedParams?: Record<string, string>;
  schema: z.ZodType<Row>;
  create?: z.ZodType;
  update?: z.ZodType;
  columns: Column[];
  filters: Filter[];
  fields?: FormField[];
  /** Form fields for edit when they differ from create. */
  editFields?: FormField[];
  detail?: DetailField[];
  actions?: RowAction[];
  /** Object in the policy for reads and writes of this resource's API. */
  access: { obj: string };
  pageSize: number;
  createLabel?: string;
  createSuccess?: string;
  updateSuccess?: string;
  empty: EmptyState;
  emptyFiltered: EmptyState;
  errorMessage: string;
  /** Title of the record on its details page. */
  recordTitle: (row: Row) => string;
  menu?: { label: string; icon: string; parent?: string; order: number };
  /** Values a new record's form starts with. */
  formDefaults?: Record<string, unknown>;
  /** False when a bespoke page hosts the list (e.g. users inside Settings): no routes are generated. */
  standalone?: boolean;
  tabs?: ListTab[];
  /** "modal": the details open over the list (the list stays, with its filters). */
  showAs?: "page" | "modal";
  /** The details dialog's title (showAs "modal"): a dialog is named by its title (axe aria-dialog-name). */
  showTitle?: string;
  /** Without this feature the list shows the locked-feature state of SPEC §2 instead. */
  lockedFeature?: { feature: Feature; name: string };
  /** A call to action above the list; its button opens the create screen. */
  banner?: { title: string; body: string; action: string };
  /** The create button as a menu: each choice opens the create screen with ?<param>=<its value> (e.g. for=own). */
  createMenu?: { param: string; options: { value: string; label: string }[] };
  /** URL parameters the create screen reads besides add-new (e.g. customer), dropped with it when the screen closes. */
  createParams?: string[];
  /**
   * Bespoke screens by key (mapped in src/app/components/resource/custom-screens.tsx): a modal over
   * the list (CREATE_SCREENS), or with createOpens "page" the page at routes.create (CREATE_PAGES).
   */
  createComponent?:
    | "create-asset"
    | "create-account"
    | "bulk-upload"
    | "create-sub-account"
    | "create-sub-wallet"
    | "invoice-create"
    | "api-key-create"
    | "webhook-create";
  /** "page": the create button opens routes.create instead of the drawer over the list. */
  createOpens?: "drawer" | "page";
  /** A check the create and edit forms run on the draft before saving (beneficiaries: look-alikes and the name check, issue 29). */
  formCheck?: "beneficiary";
  /** A bespoke edit modal by key (mapped in custom-screens.tsx), opened by Edit on the details page and on rows. */
  editComponent?: "edit-customer" | "invoice-edit" | "webhook-edit" | "payment-schedule-edit";
  /** Record states in which Edit is offered (e.g. only drafts); every state when absent. */
  editStates?: readonly string[];
  /** Tiles above the list's table. */
  summary?: Summary;
  showComponent?:
    | "account-details"
    | "wallet-details"
    | "banking-transaction"
    | "crypto-transaction"
    | "bulk-payment"
    | "sub-account-details"
    | "sub-wallet-details"
    | "settlement-details"
    | "invoice-details"
    | "payment-schedule";
  /**
   * A bespoke details modal by key (SCREENS.details in src/app/pages/screens.ts), opened over the list
   * by a row click: for a list without a details route (one hosted in a bespoke page).
   */
  detailsModal?: "api-key-details" | "webhook-details";
  /** A bespoke list page by key (mapped in custom-screens.tsx LIST_SCREENS) instead of the generic list. */
  listComponent?: "sub-accounts" | "sub-wallets";
  /** A bespoke panel shown beside the list's table (above it on narrow screens), by key; not when the list is locked. */
  aside?: "swap-panel";
};

export function defineResource<Row>(def: ResourceDef<Row>): ResourceDef<Row> {
  return def;
}

/** The screens a standalone resource opens, each with the endpoint it shows; none for one hosted by a bespoke page. */
export function resourceScreens(def: ResourceDef): Screen[] {
  if (def.standalone === false) return [];
  const { routes, api, screens = {} } = def;
  const shows: Record<ScreenKind, [string | undefined, Endpoint | undefined]> = {
    list: [routes.list, api.list],
    show: [routes.show, api.one ?? api.list],
    create: [routes.create, api.create],
    edit: [routes.edit, api.update],
  };
  return Object.entries(shows).flatMap(([kind, [path, endpoint]]) => {
    if (!path) return [];
    if (!endpoint) throw new Error(`${def.name}: the ${kind} screen ${path} shows no endpoint`);
    return [{ path, shows: endpoint, differs: screens[kind as ScreenKind] }];
  });
}

/** Reads a dotted path ("details.details.iban") from a record. */
export function pathGet(obj: unknown, path: string): unknown {
  return path.split(".").reduce<unknown>((o, k) => (o == null ? undefined : (o as Record<string, unknown>)[k]), obj);
}

/** Whether Edit is offered for this record: the resource declares no editStates, or the record is in one. */
export const editableInState = (def: Pick<ResourceDef, "editStates">, record: object) =>
  !def.editStates || def.editStates.includes(String((record as { state?: unknown }).state ?? ""));

/** A declared text with its {path} placeholders filled from the record ("Disable the API key '{name}'?"). */
export const fillIn = (text: string, record: unknown) => text.replace(/\{([\w.]+)\}/g, (_, path: string) => String(pathGet(record, path) ?? ""));

/** Whether a `when` condition holds for the given values. */
export function whenHolds(when: When | undefined, values: unknown): boolean {
  if (!when) return true;
  return Object.entries(when).every(([path, allowed]) => allowed.includes(String(pathGet(values, path) ?? "")));
}

/**
 * The palette's fixed entries for the signed-in member: the menu's pages and the three actions,
 * each only when the policy lets the member open it (the same grants the server enforces, which
 * already include the feature flags and the KYB approval each rule asks for).
 */
import { PAGE_PATHS } from "../../../../resources/catalog.ts";
import { invoices } from "../../../../resources/invoices.ts";
import type { ReactNode } from "react";
import type { ResourceProps, useTranslate } from "@refinedev/core";
import { CheckSquareOutlined, FileAddOutlined, SendOutlined } from "@ant-design/icons";
type Can = (obj: string, act: string) => boolean;
type T = ReturnType<typeof useTranslate>;
/** A catalogue's comma-separated search words ("pay, payment, wire") as cmdk's keywords. */
const keywordsOf = (text: string) =>
  text
    .split(",")
    .map((k) => k.trim())
    .filter(Boolean);

/** Where choosing an entry leads: a screen, or the approvals modal the dashboard banner opens. */
export type PaletteTarget = { kind: "navigate"; to: string } | { kind: "approvals" };

export type PaletteEntry = {
  /** cmdk's value: unique, and what typing is matched against (with keywords). */
  value: string;
  label: string;
  /** The menu group a page sits in ("Crypto" for Crypto › Transactions): two menu pages share a name. */
  parent?: string;
  icon?: ReactNode;
  keywords?: string[];
  target: PaletteTarget;
};

const SEND_MONEY_ROUTE = PAGE_PATHS.sendMoney;
const CREATE_INVOICE_ROUTE = invoices.routes.create!;

/** Sending money: the payments API's create right and the send-money screen (fiat access, KYB approved). */
export const maySendMoney = (can: Can) => can("payments", "create") && can(`page:${SEND_MONEY_ROUTE}`, "view");

/** The send-money screen with a beneficiary chosen. */
export const sendMoneyTo = (beneficiaryId: string) => `${SEND_MONEY_ROUTE}?beneficiary=${encodeURIComponent(beneficiaryId)}`;

export function actionEntries(can: Can, t: T): PaletteEntry[] {
  const actions: PaletteEntry[] = [];
  if (maySendMoney(can)) {
    const label = t("palette.actions.sendMoney");
    actions.push({
      value: label,
      label,
      icon: <SendOutlined />,
      keywords: keywordsOf(t("palette.actions.sendMoneyKeywords")),
      target: { kind: "navigate", to: SEND_MONEY_ROUTE },
    });
  }
  // The modal lists requests (approval_requests_read) and decides them (transactions_approve, KYB approved).
  if (can("approval-requests", "list") && can("approval-requests", "approve")) {
    const label = t("palette.actions.approve");
    actions.push({
      value: label,
      label,
      icon: <CheckSquareOutlined />,
      keywords: keywordsOf(t("palette.actions.approveKeywords")),
      target: { kind: "approvals" },
    });
  }
  if (can("invoices", "create") && can(`page:${CREATE_INVOICE_ROUTE}`, "view")) {
    const label = t("palette.actions.createInvoice");
    actions.push({
      value: label,
      label,
      icon: <FileAddOutlined />,
      keywords: keywordsOf(t("palette.actions.createInvoiceKeywords")),
      target: { kind: "navigate", to: CREATE_INVOICE_ROUTE },
    });
  }
  return actions;
}

/**
 * Every menu page the member may open, by the menu's own rule (canView of "page:<route>"; screens
 * locked until KYB approval are listed, as in the menu, and open on their locked state). Pages an
 * action already leads to are left out, so 'Send money' appears once. `menu`: the menu in the
 * member's language (navigation.tsx translatedMenu), so the pages read as the side menu does.
 */
export function pageEntries(canView: Can, actions: PaletteEntry[], menu: ResourceProps[]): PaletteEntry[] {
  const taken = new Set(actions.flatMap((a) => (a.target.kind === "navigate" ? [a.target.to] : [])));
  const labelOf = (name: string) => menu.find((m) => m.name === name)?.meta?.label;
  return menu.flatMap((m): PaletteEntry[] => {
    const to = typeof m.list === "string" ? m.list : undefined;
    if (!to || taken.has(to) || !canView(`page:${to}`, "view")) return [];
    const label = m.meta?.label ?? m.name;
    const parent = m.meta?.parent ? labelOf(m.meta.parent) : undefined;
    return [{ value: parent ? `${parent} › ${label}` : label, label, parent, icon: m.meta?.icon, target: { kind: "navigate", to } }];
  });
}

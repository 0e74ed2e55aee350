/** Bespoke screens a resource declaration names by key (its create modal or page, its edit modal, its details page, a panel beside its list). */
import { lazy, type ComponentType, type CSSProperties, type LazyExoticComponent } from "react";

export const CREATE_SCREENS: Record<string, LazyExoticComponent<ComponentType<{ open: boolean; onClose: () => void }>>> = {
  "create-asset": lazy(() => import("../../pages/wallets/create-asset-modal.tsx")),
  "create-account": lazy(() => import("../../pages/accounts/create-account-modal.tsx")),
  "bulk-upload": lazy(() => import("../../pages/payments/bulk-upload-modal.tsx")),
  "create-sub-account": lazy(() => import("../../pages/sub-accounts/create-sub-account-modal.tsx")),
  "create-sub-wallet": lazy(() => import("../../pages/sub-wallets/create-sub-wallet-modal.tsx")),
};

/** Bespoke create pages (createComponent with createOpens "page"), routed at the resource's create route. */
export const CREATE_PAGES: Record<string, LazyExoticComponent<ComponentType>> = {
  "invoice-create": lazy(() => import("../../pages/invoices/invoice-create.tsx")),
};

export const SHOW_SCREENS: Record<string, LazyExoticComponent<ComponentType>> = {
  "account-details": lazy(() => import("../../pages/accounts/account-details.tsx")),
  "wallet-details": lazy(() => import("../../pages/wallets/wallet-details.tsx")),
  "banking-transaction": lazy(() => import("../../pages/transactions/banking-transaction.tsx")),
  "crypto-transaction": lazy(() => import("../../pages/transactions/crypto-transaction.tsx")),
  "bulk-payment": lazy(() => import("../../pages/payments/bulk-payment-details.tsx")),
  "sub-account-details": lazy(() => import("../../pages/sub-accounts/sub-account-details.tsx")),
  "sub-wallet-details": lazy(() => import("../../pages/sub-wallets/sub-wallet-details.tsx")),
  "settlement-details": lazy(() => import("../../pages/settlements/settlement-details.tsx")),
  "invoice-details": lazy(() => import("../../pages/invoices/invoice-details.tsx")),
};

/** Bespoke list pages (ResourceDef.listComponent), routed at the resource's list route instead of the generic list. */
export const LIST_SCREENS: Record<string, LazyExoticComponent<ComponentType>> = {
  "sub-accounts": lazy(() => import("../../pages/sub-accounts/sub-accounts-list.tsx")),
  "sub-wallets": lazy(() => import("../../pages/sub-wallets/sub-wallets-list.tsx")),
};

/** What a bespoke edit modal (ResourceDef.editComponent) is given: the record as read, and how to close. */
export type EditScreenProps = { open: boolean; record: Record<string, unknown> & { id: string }; onClose: () => void };

/** Bespoke edit modals, opened by Edit on the details page and on a list row's menu. */
export const EDIT_SCREENS: Record<string, LazyExoticComponent<ComponentType<EditScreenProps>>> = {
  "edit-customer": lazy(() => import("../../pages/customers/edit-customer-modal.tsx")),
  "invoice-edit": lazy(() => import("../../pages/invoices/invoice-edit-drawer.tsx")),
};

/**
 * Panels beside a list (ResourceDef.aside): each decides for itself whether the member may see it,
 * and puts the list's `style` (its place in the layout) on its own outer element.
 */
export const ASIDE_SCREENS: Record<string, LazyExoticComponent<ComponentType<{ style?: CSSProperties }>>> = {
  "swap-panel": lazy(() => import("../swap/swap-aside.tsx")),
};

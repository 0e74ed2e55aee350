/**
 * The bespoke screens resources/ names by key, each loaded when first shown. Handed to the generic
 * screens through ScreensProvider (App.tsx), so a resource declaration picks its screen by name.
 */
import { lazy } from "react";
import type { Screens } from "../components/resource/screens.tsx";

export const SCREENS: Screens = {
  create: {
    "create-asset": lazy(() => import("./wallets/create-asset-modal.tsx")),
    "create-account": lazy(() => import("./accounts/create-account-modal.tsx")),
    "bulk-upload": lazy(() => import("./payments/bulk-upload-modal.tsx")),
    "create-sub-account": lazy(() => import("./sub-accounts/create-sub-account-modal.tsx")),
    "create-sub-wallet": lazy(() => import("./sub-wallets/create-sub-wallet-modal.tsx")),
    "api-key-create": lazy(() => import("./developers/api-key-create-screen.tsx").then((m) => ({ default: m.ApiKeyCreateScreen }))),
    "webhook-create": lazy(() => import("./developers/webhook-form-modals.tsx").then((m) => ({ default: m.WebhookCreateModal }))),
  },
  createPages: {
    "invoice-create": lazy(() => import("./invoices/invoice-create.tsx")),
  },
  show: {
    "account-details": lazy(() => import("./accounts/account-details.tsx")),
    "wallet-details": lazy(() => import("./wallets/wallet-details.tsx")),
    "banking-transaction": lazy(() => import("./transactions/banking-transaction.tsx")),
    "crypto-transaction": lazy(() => import("./transactions/crypto-transaction.tsx")),
    "bulk-payment": lazy(() => import("./payments/bulk-payment-details.tsx")),
    "sub-account-details": lazy(() => import("./sub-accounts/sub-account-details.tsx")),
    "sub-wallet-details": lazy(() => import("./sub-wallets/sub-wallet-details.tsx")),
    "settlement-details": lazy(() => import("./settlements/settlement-details.tsx")),
    "invoice-details": lazy(() => import("./invoices/invoice-details.tsx")),
    "payment-schedule": lazy(() => import("./payments/payment-schedule-details.tsx")),
  },
  details: {
    "api-key-details": lazy(() => import("./developers/api-key-modals.tsx").then((m) => ({ default: m.ApiKeyDetailsModal }))),
    "webhook-details": lazy(() => import("./developers/webhook-details-modal.tsx").then((m) => ({ default: m.WebhookDetailsModal }))),
  },
  list: {
    "sub-accounts": lazy(() => import("./sub-accounts/sub-accounts-list.tsx")),
    "sub-wallets": lazy(() => import("./sub-wallets/sub-wallets-list.tsx")),
  },
  edit: {
    "edit-customer": lazy(() => import("./customers/edit-customer-modal.tsx")),
    "invoice-edit": lazy(() => import("./invoices/invoice-edit-drawer.tsx")),
    "webhook-edit": lazy(() => import("./developers/webhooks-tab.tsx").then((m) => ({ default: m.WebhookEditScreen }))),
    "payment-schedule-edit": lazy(() => import("./payments/payment-schedule-edit.tsx")),
  },
  aside: {
    "swap-panel": lazy(() => import("../components/swap/swap-aside.tsx")),
  },
};

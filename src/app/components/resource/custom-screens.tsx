/** Bespoke screens a resource declaration names by key (its create modal, its details page). */
import { lazy, type ComponentType, type LazyExoticComponent } from "react";

export const CREATE_SCREENS: Record<string, LazyExoticComponent<ComponentType<{ open: boolean; onClose: () => void }>>> = {
  "create-asset": lazy(() => import("../../pages/wallets/create-asset-modal.tsx")),
  "create-account": lazy(() => import("../../pages/accounts/create-account-modal.tsx")),
  "bulk-upload": lazy(() => import("../../pages/payments/bulk-upload-modal.tsx")),
};

export const SHOW_SCREENS: Record<string, LazyExoticComponent<ComponentType>> = {
  "account-details": lazy(() => import("../../pages/accounts/account-details.tsx")),
  "wallet-details": lazy(() => import("../../pages/wallets/wallet-details.tsx")),
  "banking-transaction": lazy(() => import("../../pages/transactions/banking-transaction.tsx")),
  "crypto-transaction": lazy(() => import("../../pages/transactions/crypto-transaction.tsx")),
  "bulk-payment": lazy(() => import("../../pages/payments/bulk-payment-details.tsx")),
};

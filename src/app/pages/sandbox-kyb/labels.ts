/**
 * The provider's document kinds and volume ranges in the reader's language. Their English is the
 * provider's own (resources/kyb.ts KYB_DOCUMENTS, MONTHLY_VOLUMES), which the server keeps using.
 */
import type { useTranslate } from "@refinedev/core";
import type { KybCompany, KybDocumentKind } from "../../../../resources/kyb.ts";

type T = ReturnType<typeof useTranslate>;

export const documentLabels = (t: T): Record<KybDocumentKind, { label: string; hint: string }> => ({
  CERTIFICATE_OF_INCORPORATION: {
    label: t("sandbox.kyb.documentKind.certificateOfIncorporation"),
    hint: t("sandbox.kyb.documentKind.certificateOfIncorporationHint"),
  },
  PROOF_OF_ADDRESS: { label: t("sandbox.kyb.documentKind.proofOfAddress"), hint: t("sandbox.kyb.documentKind.proofOfAddressHint") },
  REGISTER_OF_DIRECTORS: { label: t("sandbox.kyb.documentKind.registerOfDirectors"), hint: t("sandbox.kyb.documentKind.registerOfDirectorsHint") },
  REGISTER_OF_SHAREHOLDERS: {
    label: t("sandbox.kyb.documentKind.registerOfShareholders"),
    hint: t("sandbox.kyb.documentKind.registerOfShareholdersHint"),
  },
  BANK_STATEMENTS: { label: t("sandbox.kyb.documentKind.bankStatements"), hint: t("sandbox.kyb.documentKind.bankStatementsHint") },
  FINANCIAL_STATEMENTS: { label: t("sandbox.kyb.documentKind.financialStatements"), hint: t("sandbox.kyb.documentKind.financialStatementsHint") },
});

export const volumeLabels = (t: T): Record<KybCompany["monthly_volume"], string> => ({
  UNDER_50K: t("sandbox.kyb.volume.under50k"),
  "50K_250K": t("sandbox.kyb.volume.50kTo250k"),
  "250K_1M": t("sandbox.kyb.volume.250kTo1m"),
  "1M_5M": t("sandbox.kyb.volume.1mTo5m"),
  OVER_5M: t("sandbox.kyb.volume.over5m"),
});

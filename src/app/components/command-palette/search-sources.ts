/**
 * What typing searches, through the list APIs the list screens use (their keyword filter): fiat
 * and crypto beneficiaries by name, customers by name, banking and crypto transactions by
 * reference (the keyword also finds description and counterparty). Only the kinds the member may
 * list are asked, and a result is offered only when the member may open its details.
 */
import type { useTranslate } from "@refinedev/core";
import { destinationText } from "../../i18n/shared-labels.ts";
import { customerLabel } from "../../../lib/labels.ts";
import { statusText } from "../resource/use-declared.ts";
import { formatSignedMoney } from "../../../lib/money.ts";
import { beneficiaries, beneficiaryEndpoints, cryptoBeneficiaries } from "../../../../resources/beneficiaries.ts";
import { customerEndpoints, customers } from "../../../../resources/customers.ts";
import { cryptoTransactions, transactionEndpoints, transactions } from "../../../../resources/transactions.ts";
import { maySendMoney, sendMoneyTo } from "./palette-entries.tsx";
import { call } from "../../api/call.ts";

type Can = (obj: string, act: string) => boolean;

/** One selectable result; `value` is unique within the palette. */
export type SearchHit = { value: string; label: string; hint?: string; to: string; send?: boolean };
export type SearchSource = { key: string; heading: string; search: (keyword: string) => Promise<SearchHit[]> };

/** A few of each kind: the palette jumps to a record; the list screens are for browsing. */
const PER_KIND = 5;

/** The first page of a list screen's API, filtered by the keyword. */
const firstOf = (keyword: string) => ({ query: { page: 1, limit: PER_KIND, keyword } });

const withId = (route: string | undefined, id: string) => (route ?? "").replace(":id", encodeURIComponent(id));
export function searchSources(can: Can, canView: Can, t: ReturnType<typeof useTranslate>): SearchSource[] {
  // A type or state value in words, as the list screens show it (resources.status.<VALUE>).
  const words = (v: string) => statusText(t, v);
  const viewable = (route: string | undefined) => !!route && canView(`page:${route}`, "view");
  const maySend = maySendMoney(can);
  const sources: SearchSource[] = [];

  if (can(beneficiaries.access.obj, "list")) {
    sources.push({
      key: "beneficiaries",
      heading: t("palette.search.beneficiaries"),
      // No type: the server answers fiat and, when the member has crypto access, crypto ones too.
      search: async (keyword) =>
        (await call(beneficiaryEndpoints.list, firstOf(keyword))).data.items.flatMap((b) => {
          const show = b.type === "CRYPTO" ? cryptoBeneficiaries.routes.show : beneficiaries.routes.show;
          const hits: SearchHit[] = [];
          if (viewable(show))
            hits.push({
              value: `beneficiary ${b.name} ${b.id}`,
              label: b.name,
              hint: `${b.currency} · ${destinationText(t, b.destination_label)}`,
              to: withId(show, b.id),
            });
          // The send-money screen pays fiat beneficiaries; crypto ones are paid from a wallet.
          if (maySend && b.type === "FIAT")
            hits.push({ value: `send ${b.name} ${b.id}`, label: t("palette.search.sendMoneyTo", { name: b.name }), to: sendMoneyTo(b.id), send: true });
          return hits;
        }),
    });
  }
  if (can(customers.access.obj, "list") && viewable(customers.routes.show)) {
    sources.push({
      key: "customers",
      heading: t("palette.search.customers"),
      search: async (keyword) =>
        (await call(customerEndpoints.list, firstOf(keyword))).data.items.map((c) => ({
          value: `customer ${c.display_name} ${c.id}`,
          label: customerLabel(c),
          hint: `${words(c.type)} · ${words(c.state)}`,
          to: withId(customers.routes.show, c.id),
        })),
    });
  }
  if (can(transactions.access.obj, "list") && viewable(transactions.routes.show)) {
    sources.push({
      key: "transactions",
      heading: t("palette.search.transactions"),
      search: async (keyword) =>
        (await call(transactionEndpoints.listBanking, firstOf(keyword))).data.items.map((x) => ({
          value: `transaction ${x.reference} ${x.id}`,
          label: x.reference,
          hint: `${x.beneficiary.name} · ${formatSignedMoney(x.signed_amount, x.sending_currency)} · ${words(x.state)}`,
          to: withId(transactions.routes.show, x.id),
        })),
    });
  }
  if (can(cryptoTransactions.access.obj, "list") && viewable(cryptoTransactions.routes.show)) {
    sources.push({
      key: "crypto-transactions",
      heading: t("palette.search.cryptoTransactions"),
      search: async (keyword) =>
        (await call(transactionEndpoints.listCrypto, firstOf(keyword))).data.items.map((x) => ({
          value: `crypto transaction ${x.id}`,
          label: `${words(x.type)} · ${x.beneficiary.name || x.asset.name}`,
          hint: `${formatSignedMoney(x.signed_amount.value, x.signed_amount.currency)} · ${words(x.state)}`,
          to: withId(cryptoTransactions.routes.show, x.id),
        })),
    });
  }
  return sources;
}

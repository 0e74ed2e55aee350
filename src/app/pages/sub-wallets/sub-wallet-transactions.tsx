/** The sub-wallets page's transactions tab: recent transactions of sub-wallets, in the crypto transactions' declared columns. */
import { useMemo } from "react";
import { useNavigate } from "react-router";
import { useTranslate } from "@refinedev/core";
import { Alert, Table } from "antd";
import { useListTable } from "../../components/resource/use-list-table.tsx";
import { cryptoTransactions } from "../../../../resources/transactions.ts";
import { renderField } from "../../components/resource/renderers.tsx";
import { declaredKey, translateDef } from "../../components/resource/declared-text.ts";
import type { Asset } from "./sub-wallets-list.tsx";

/** Recent transactions of sub-wallets (GET transactions?sub_wallet_txns=true), of one asset when one is chosen. */
export function RecentTransactions({ asset }: { asset?: Asset }) {
  const navigate = useNavigate();
  const t = useTranslate();
  // The crypto transactions' declared columns, in the member's language.
  const columns = useMemo(() => translateDef(cryptoTransactions, (path, text) => t(declaredKey(cryptoTransactions.name, path), text)).columns, [t]);
  const { tableProps, tableQuery } = useListTable<Record<string, unknown> & { id: string }>({
    resource: cryptoTransactions.name,
    meta: { params: { sub_wallet_txns: "true", ...(asset ? { sub_wallet_asset: asset.currency, sub_wallet_blockchain: asset.blockchain } : {}) } },
    syncWithLocation: false,
    pagination: { pageSize: 10 },
    sorters: { mode: "off" },
    errorNotification: false,
  });
  if (tableQuery.isError) return <Alert type="error" showIcon message={t("subWallets.transactionsError")} />;
  return (
    <Table
      {...tableProps}
      rowKey="id"
      onRow={(r) => ({ onClick: () => navigate(cryptoTransactions.routes.show!.replace(":id", r.id)), style: { cursor: "pointer" } })}
      columns={columns.map((c) => ({
        key: c.field,
        title: c.title,
        render: (_: unknown, r: unknown) => renderField(c, r),
      }))}
      locale={{ emptyText: tableQuery.isLoading ? " " : t("subWallets.noTransactions") }}
    />
  );
}

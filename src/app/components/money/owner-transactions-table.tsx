/** The transactions of one account or wallet, newest first, paged by the server. */
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { useTranslate } from "@refinedev/core";
import { Alert, Table, Tag } from "antd";
import { call, urlOf } from "../../api/call.ts";
import { formatDateTime } from "../../../lib/dates.ts";
import { formatSignedMoney } from "../../../lib/money.ts";
import { statusColor } from "../resource/status-colours.ts";
import { statusText } from "../resource/use-declared.ts";
import type { Page } from "../../../../resources/define-endpoint.ts";
import type { BankingTransaction, CryptoTransaction } from "../../../../resources/transaction-views.ts";
import type { accountEndpoints } from "../../../../resources/accounts.ts";
import type { walletEndpoints } from "../../../../resources/wallets.ts";

type Row = BankingTransaction | CryptoTransaction;

/** Whose transactions: an account's (banking rows) or a wallet's (crypto rows). */
type TransactionsEndpoint = typeof accountEndpoints.transactions | typeof walletEndpoints.transactions;

/** What the balance gained or lost (fee included): a string with the account's currency beside it, or a wallet's {value, currency}. */
const amountOf = (r: Row) => ("sending_currency" in r ? { value: r.signed_amount, currency: r.sending_currency } : r.signed_amount);

export function OwnerTransactions({ endpoint, params, detailBase }: { endpoint: TransactionsEndpoint; params: { id: string }; detailBase: string }) {
  const t = useTranslate();
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [data, setData] = useState<Page<Row> | null>(null);
  const [error, setError] = useState(false);
  // The owner's address is the read's identity (a new params object each render must not re-ask).
  const owner = urlOf(endpoint, { params });
  useEffect(() => {
    call(endpoint, { params, query: { page, limit: 10 } })
      .then((r) => setData(r.data))
      .catch(() => setError(true));
  }, [owner, page]);
  if (error) return <Alert type="error" showIcon message={t("money.transactions.error")} />;
  return (
    <Table<Row>
      rowKey="id"
      loading={!data}
      dataSource={data?.items}
      onRow={(r) => ({ onClick: () => navigate(`${detailBase}/${r.id}`), style: { cursor: "pointer" } })}
      pagination={{ current: page, pageSize: 10, total: data?.total_items, onChange: setPage, showSizeChanger: false }}
      locale={{ emptyText: t("money.transactions.none") }}
      columns={[
        { title: t("money.transactions.date"), render: (_, r) => formatDateTime(r.created_date) },
        { title: t("money.transactions.description"), dataIndex: "description" },
        { title: t("money.transactions.type"), render: (_, r) => statusText(t, r.type) },
        {
          title: t("money.transactions.amount"),
          align: "right",
          render: (_, r) => {
            const a = amountOf(r);
            return <span style={{ whiteSpace: "nowrap" }}>{formatSignedMoney(a.value, a.currency)}</span>;
          },
        },
        { title: t("money.transactions.status"), render: (_, r) => <Tag color={statusColor(r.state)}>{statusText(t, r.state)}</Tag> },
      ]}
    />
  );
}

/** A bulk payment's payments (its details page, below the totals and progress): loaded after the page's first paint. */
import { Link } from "react-router";
import { useTranslate } from "@refinedev/core";
import { Table, Tag, Typography } from "antd";
import type { BankingTransaction } from "../../../../resources/transaction-views.ts";
import { formatMoney } from "../../../lib/money.ts";
import { renderValue } from "../../components/resource/renderers.tsx";

const dash = <Typography.Text type="secondary">—</Typography.Text>;

export function BulkPaymentRows({ payments }: { payments: BankingTransaction[] }) {
  const t = useTranslate();
  return (
    <Table<BankingTransaction>
      rowKey="id"
      size="small"
      dataSource={payments}
      pagination={payments.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
      scroll={{ x: 800 }}
      columns={[
        { key: "beneficiary", title: t("payments.common.beneficiary"), render: (_, x) => x.counterparty.name || dash },
        {
          key: "amount",
          title: t("payments.common.amount"),
          align: "right",
          render: (_, x) => <span style={{ whiteSpace: "nowrap" }}>{formatMoney(x.sending_amount, x.sending_currency)}</span>,
        },
        {
          key: "fee",
          title: t("payments.common.fee"),
          align: "right",
          render: (_, x) => <span style={{ whiteSpace: "nowrap" }}>{formatMoney(x.total_fee_amount, x.total_fee_currency)}</span>,
        },
        { key: "reference", title: t("payments.common.reference"), render: (_, x) => x.client_reference || dash },
        { key: "transaction", title: t("payments.bulkDetails.transaction"), render: (_, x) => <Link to={`/transactions/${x.id}`}>{x.reference}</Link> },
        { key: "state", title: t("payments.common.status"), render: (_, x) => renderValue("status", x.state, x) },
        {
          key: "failure",
          title: t("payments.bulkDetails.failureReason"),
          render: (_, x) => (x.failure_reason ? <Tag color="red">{x.failure_reason}</Tag> : dash),
        },
      ]}
    />
  );
}

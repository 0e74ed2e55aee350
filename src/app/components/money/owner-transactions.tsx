/** The transactions of one account or wallet, newest first, paged by the server. */
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { Alert, Table, Tag } from "antd";
import { api } from "../../api/client.ts";
import { formatDateTime } from "../../../lib/dates.ts";
import { formatSignedMoney } from "../../../lib/money.ts";
import { humanize, statusColor } from "../resource/renderers.tsx";

type Row = {
  id: string;
  type: string;
  state: string;
  direction: string;
  created_date: string;
  description: string;
  /** What the balance gained or lost (fee included): a string with the account's currency beside it, or a wallet's {value, currency}. */
  signed_amount: string | { value: string; currency: string };
  sending_currency?: string;
};

const amountOf = (r: Row) => (typeof r.signed_amount === "string" ? { value: r.signed_amount, currency: r.sending_currency! } : r.signed_amount);

export function OwnerTransactions({ path, detailBase }: { path: string; detailBase: string }) {
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [data, setData] = useState<{ items: Row[]; total_items: number } | null>(null);
  const [error, setError] = useState(false);
  useEffect(() => {
    api<{ items: Row[]; total_items: number }>("GET", `${path}?page=${page}&limit=10`)
      .then((r) => setData(r.data))
      .catch(() => setError(true));
  }, [path, page]);
  if (error) return <Alert type="error" showIcon message="Error fetching transactions" />;
  return (
    <Table<Row>
      rowKey="id"
      loading={!data}
      dataSource={data?.items}
      onRow={(r) => ({ onClick: () => navigate(`${detailBase}/${r.id}`), style: { cursor: "pointer" } })}
      pagination={{ current: page, pageSize: 10, total: data?.total_items, onChange: setPage, showSizeChanger: false }}
      locale={{ emptyText: "No transactions" }}
      columns={[
        { title: "Date", render: (_, r) => formatDateTime(r.created_date) },
        { title: "Description", dataIndex: "description" },
        { title: "Type", render: (_, r) => humanize(r.type) },
        {
          title: "Amount",
          align: "right",
          render: (_, r) => {
            const a = amountOf(r);
            return <span style={{ whiteSpace: "nowrap" }}>{formatSignedMoney(a.value, a.currency)}</span>;
          },
        },
        { title: "Status", render: (_, r) => <Tag color={statusColor(r.state)}>{humanize(r.state)}</Tag> },
      ]}
    />
  );
}

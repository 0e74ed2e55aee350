/** The check's preview: each row's payment (beneficiary, destination, amount, fee, reference) or every reason it cannot be paid, by column, and its warnings. */
import { useTranslate } from "@refinedev/core";
import { Space, Table, Tag, Typography } from "antd";
import type { bulkPaymentEndpoints } from "../../../../resources/bulk-payments.ts";
import type { ReceivedOf } from "../../../../resources/define-endpoint.ts";
import { formatMoney } from "../../../lib/money.ts";

type CheckedRow = ReceivedOf<typeof bulkPaymentEndpoints.check>["rows"][number];

const none = <Typography.Text type="secondary">—</Typography.Text>;

/** lines: the file's line of each row (CSV line, sheet row, pain.001 transaction), by the row's index. */
export function BulkPreviewTable({ rows, lines, currency }: { rows: CheckedRow[]; lines: number[]; currency: string }) {
  const t = useTranslate();
  const money = (minor: string | null) => (minor === null ? none : <span style={{ whiteSpace: "nowrap" }}>{formatMoney(minor, currency)}</span>);
  return (
    <Table<CheckedRow>
      size="small"
      rowKey="index"
      dataSource={rows}
      pagination={rows.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
      scroll={{ x: 900 }}
      columns={[
        { key: "line", title: t("payments.bulkPreview.line"), width: 64, render: (_, r) => lines[r.index] ?? r.index + 2 },
        { key: "beneficiary", title: t("payments.common.beneficiary"), render: (_, r) => r.beneficiary_name || none },
        { key: "destination", title: t("payments.bulkPreview.destinationType"), render: (_, r) => r.destination_type || none },
        { key: "amount", title: t("payments.common.amount"), align: "right", render: (_, r) => money(r.amount) },
        { key: "fee", title: t("payments.common.fee"), align: "right", render: (_, r) => money(r.fee) },
        { key: "reference", title: t("payments.common.reference"), render: (_, r) => r.reference || none },
        {
          key: "status",
          title: t("payments.common.status"),
          width: 300,
          render: (_, r) => (
            <Space direction="vertical" size={2}>
              {r.errors.length ? (
                r.errors.map((e, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a row's errors as the server listed them, never reordered
                  <Typography.Text type="danger" key={i}>
                    <Tag color="red" style={{ marginRight: 6 }}>
                      {e.path}
                    </Tag>
                    {e.message}
                  </Typography.Text>
                ))
              ) : (
                <Tag color="green">{t("payments.bulkPreview.ok")}</Tag>
              )}
              {r.warnings.map((w, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a row's warnings as the server listed them, never reordered
                <Typography.Text type="warning" key={`w${i}`}>
                  <Tag color="orange" style={{ marginRight: 6 }}>
                    {w.path}
                  </Tag>
                  {w.message}
                </Typography.Text>
              ))}
            </Space>
          ),
        },
      ]}
    />
  );
}

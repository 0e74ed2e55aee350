/** A bulk file's recipients in the approvals list's details, so the approver sees every one before deciding. */
import { useEffect, useState } from "react";
import { Alert, Table } from "antd";
import { useTranslate } from "@refinedev/core";
import { call } from "../../api/call.ts";
import { MoneyText } from "../money/figures.tsx";
import type { ReceivedOf } from "../../../../resources/define-endpoint.ts";
import { bulkPaymentEndpoints } from "../../../../resources/bulk-payments.ts";

type Batch = ReceivedOf<typeof bulkPaymentEndpoints.show>;

/** Who a bulk payment pays, so the approver sees every recipient before deciding. */
export function BatchRecipients({ id }: { id: string }) {
  const t = useTranslate();
  const [batch, setBatch] = useState<Batch | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    call(bulkPaymentEndpoints.show, { params: { id } })
      .then((r) => setBatch(r.data))
      .catch(() => setFailed(true));
  }, [id]);
  if (failed) return <Alert type="error" showIcon message={t("approvals.error")} />;
  return (
    <Table
      rowKey="id"
      size="small"
      loading={!batch}
      pagination={false}
      dataSource={batch?.payments ?? []}
      columns={[
        { title: t("approvals.columns.recipient"), render: (_, p) => p.counterparty.name },
        { title: t("approvals.columns.amount"), render: (_, p) => <MoneyText minor={p.sending_amount} currency={p.sending_currency} /> },
        { title: t("approvals.columns.fee"), render: (_, p) => <MoneyText minor={p.total_fee_amount} currency={p.sending_currency} /> },
        { title: t("approvals.columns.reference"), render: (_, p) => p.client_reference ?? "—" },
      ]}
    />
  );
}

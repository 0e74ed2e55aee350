/**
 * /invoicing/invoices/:id (SPEC §2): the number (or 'Draft invoice'), its state with the Partially
 * paid / Overdue tags, the declared actions for its state (Issue, Send to customer, Void) to members
 * with invoices_write, Edit for a draft, the PDF, the public link once issued, the preview and the
 * payments received against it.
 */
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { useOne, useTranslate } from "@refinedev/core";
import { Alert, Button, Card, Flex, Skeleton, Table } from "antd";
import { ArrowLeftOutlined, DownloadOutlined, EditOutlined, LinkOutlined } from "@ant-design/icons";
import { INVOICE_FLAGS, invoiceEndpoints, invoices, type Invoice } from "../../../../resources/invoices.ts";
import { editableInState } from "../../../../resources/define-resource.ts";
import { download } from "../../api/client.ts";
import { urlOf } from "../../api/call.ts";
import { useToast } from "../../hooks/use-toast.ts";
import { formatDateTime } from "../../../lib/dates.ts";
import { MoneyText } from "../../components/money/figures.tsx";
import { renderFlags, renderValue } from "../../components/resource/renderers.tsx";
import { RecordActions } from "../../components/resource/record-actions.tsx";
import { RecordEditor } from "../../components/resource/record-editor.tsx";
import { useResourceAccess } from "../../components/resource/use-resource-access.ts";
import { useDeclared } from "../../components/resource/use-declared.ts";
import { InvoicePreview } from "./invoice-preview.tsx";
import { PageTitle } from "../../components/layout/page-title.tsx";
import { useFeedback } from "../../providers/feedback.tsx";

export default function InvoiceDetails() {
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const t = useTranslate();
  const toast = useToast();
  const { message } = useFeedback();
  const def = useDeclared(invoices);
  const { canEdit } = useResourceAccess(invoices);
  const [editing, setEditing] = useState(false);
  const { result: inv, query } = useOne<Invoice>({ resource: invoices.name, id, errorNotification: false });

  const back = (
    <Button type="text" icon={<ArrowLeftOutlined />} onClick={() => navigate(invoices.routes.list)}>
      {t("invoices.back")}
    </Button>
  );
  if (query.isLoading)
    return (
      <>
        {back}
        <Skeleton active />
      </>
    );
  if (query.isError || !inv) {
    return (
      <>
        {back}
        <Alert type="error" showIcon message={def.errorMessage} description={(query.error as { message?: string } | null)?.message} style={{ marginTop: 12 }} />
      </>
    );
  }

  const pdf = () => download(urlOf(invoiceEndpoints.download, { params: { id: inv.id } }), `${inv.number ?? "invoice"}.pdf`).catch((e) => toast.error(e));
  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(inv.public_url!);
      message.success(t("invoices.details.copied"));
    } catch {
      message.error(t("invoices.details.copyFailed"));
    }
  };

  return (
    <>
      {back}
      <Flex justify="space-between" align="center" wrap gap={12} style={{ margin: "12px 0 16px" }}>
        <Flex align="center" gap={12} wrap>
          <PageTitle style={{ margin: 0 }}>{inv.number ?? t("invoices.details.draftTitle")}</PageTitle>
          <span data-testid="invoice-state">
            {renderValue("status", inv.state, inv)}
            {renderFlags(def.columns.find((c) => c.field === "state")?.flags ?? INVOICE_FLAGS, inv)}
          </span>
        </Flex>
        <Flex gap={8} wrap>
          {canEdit && editableInState(invoices, inv) && (
            <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
              {t("invoices.details.edit")}
            </Button>
          )}
          <RecordActions def={invoices} record={inv} />
          <Button icon={<DownloadOutlined />} onClick={pdf}>
            {t("invoices.details.downloadPdf")}
          </Button>
          {inv.public_url && inv.state !== "DRAFT" && (
            <Button icon={<LinkOutlined />} onClick={copyLink}>
              {t("invoices.details.copyLink")}
            </Button>
          )}
        </Flex>
      </Flex>
      {inv.timestamps.payment_notified_at && inv.state === "OPEN" && (
        // The customer pressed "I've made the payment" on the public page: shown here whoever opted in to the email.
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message={t("invoices.details.customerPaid", { when: formatDateTime(inv.timestamps.payment_notified_at) })}
          description={t("invoices.details.customerPaidNote")}
        />
      )}
      <InvoicePreview invoice={inv} />
      <Card title={t("invoices.details.payments")} style={{ marginTop: 16 }}>
        <Table
          rowKey="transaction_id"
          size="small"
          pagination={false}
          dataSource={inv.payments}
          locale={{ emptyText: t("invoices.details.noPayments") }}
          columns={[
            { key: "date", title: t("invoices.details.date"), render: (_, p) => renderValue("datetime", p.date, p) },
            { key: "amount", title: t("invoices.details.amount"), render: (_, p) => <MoneyText minor={p.amount} currency={inv.currency} /> },
            {
              key: "transaction",
              title: t("invoices.details.transaction"),
              render: (_, p) => <Link to={`/transactions/${encodeURIComponent(p.transaction_id)}`}>{t("invoices.details.viewTransaction")}</Link>,
            },
          ]}
        />
      </Card>
      <RecordEditor def={invoices} open={editing} record={inv} onClose={() => setEditing(false)} />
    </>
  );
}

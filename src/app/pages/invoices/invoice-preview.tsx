/**
 * The invoice as its recipient reads it: from and to, the lines with their discounts and taxes, the
 * stored totals, how to pay (payment instructions), notes and terms.
 */
import { useTranslate } from "@refinedev/core";
import { Card, Col, Descriptions, Divider, Flex, Row, Space, Table, Typography } from "antd";
import { formatDay } from "../../../lib/dates.ts";
import type { Invoice } from "../../../../resources/invoices.ts";
import type { DiscountSpec, TaxSpec } from "../../../lib/invoice-totals.ts";
import { formatMoney } from "../../../lib/money.ts";
import { formatPostalAddress } from "../../components/resource/country-options.ts";
import { TotalsPanel } from "./totals-panel.tsx";
import { MoneyText } from "../../components/money/figures.tsx";
import { depositFieldText } from "../../i18n/shared-labels.ts";

type Address = { line_1: string; city: string; state_province: string; postal_code: string; country: string } | null;
const addressLine = (a: Address) => (a ? formatPostalAddress({ ...a, state: a.state_province }) : "");
const day = (d: string | null | undefined) => (d ? formatDay(d) : "—");

type Translate = ReturnType<typeof useTranslate>;

export function discountText(d: unknown, currency: string): string {
  const spec = d as DiscountSpec | null;
  if (!spec) return "";
  const what = spec.type === "percentage" ? `${spec.percentage_rate}%` : formatMoney(spec.fixed_amount ?? "0", currency);
  return spec.reason ? `${what} (${spec.reason})` : what;
}

export function taxText(tax: unknown, currency: string, t: Translate): string {
  const spec = tax as TaxSpec | null;
  if (!spec) return "";
  if (spec.type === "EXEMPT")
    return spec.exemption_reason ? t("invoices.preview.exemptBecause", { reason: spec.exemption_reason }) : t("invoices.preview.exempt");
  if (spec.type === "ZERO_RATED") return t("invoices.preview.zeroRated");
  const what = spec.method === "percentage" ? `${spec.percentage_rate}%` : formatMoney(spec.tax_amount ?? "0", currency);
  const behaviour: Record<string, string> = {
    exclusive: t("invoices.preview.exclusive", { what }),
    inclusive: t("invoices.preview.inclusive", { what }),
  };
  return behaviour[spec.behaviour] ?? `${what} ${spec.behaviour}`;
}

/** An amount with what gave it ("10% (loyalty)"), or a dash when there is none. */
function Adjusted({ amount, text, currency }: { amount: string; text: string; currency: string }) {
  if (!text) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Space direction="vertical" size={0}>
      <MoneyText minor={amount} currency={currency} />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {text}
      </Typography.Text>
    </Space>
  );
}

export function InvoicePreview({ invoice: inv }: { invoice: Invoice }) {
  const t = useTranslate();
  const c = inv.currency;
  const paid = inv.state === "OPEN" || inv.state === "PAID";
  const logo = inv.business_information.logo;
  return (
    <Card>
      <Flex justify="space-between" align="start" wrap gap={16}>
        <div>
          {logo && /^(https?:|\/|data:)/.test(logo) && (
            <img src={logo} alt={t("invoices.preview.logo", { name: inv.business_information.name })} style={{ maxHeight: 56, marginBottom: 8 }} />
          )}
          <Typography.Title level={4} style={{ margin: 0 }}>
            {inv.business_information.name}
          </Typography.Title>
          <Typography.Text type="secondary">{addressLine(inv.business_information.address)}</Typography.Text>
        </div>
        <div style={{ textAlign: "right" }}>
          {(
            [
              [t("invoices.preview.number"), inv.number ?? t("invoices.preview.draft")],
              [t("invoices.preview.issued"), day(inv.timestamps.issued_at)],
              [t("invoices.preview.dueDate"), day(inv.due_date)],
            ] as const
          ).map(([label, value]) => (
            <div key={label}>
              <Typography.Text type="secondary">{t("invoices.preview.labelled", { label })}</Typography.Text>
              <Typography.Text strong>{value}</Typography.Text>
            </div>
          ))}
        </div>
      </Flex>
      <Divider />
      <Typography.Text type="secondary">{t("invoices.preview.billTo")}</Typography.Text>
      <div data-testid="bill-to">
        <Typography.Text strong>{inv.billing_information.name}</Typography.Text>
        <br />
        <Typography.Text>{inv.billing_information.email}</Typography.Text>
        {inv.billing_information.address && (
          <>
            <br />
            <Typography.Text>{addressLine(inv.billing_information.address)}</Typography.Text>
          </>
        )}
      </div>
      {inv.description && <Typography.Paragraph style={{ marginTop: 12 }}>{inv.description}</Typography.Paragraph>}
      <Table
        style={{ marginTop: 16 }}
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={inv.items}
        scroll={{ x: true }}
        columns={[
          {
            key: "name",
            title: t("invoices.preview.item"),
            render: (_, i) => (
              <Space direction="vertical" size={0}>
                <span>{i.name}</span>
                {i.description && (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {i.description}
                  </Typography.Text>
                )}
              </Space>
            ),
          },
          { key: "quantity", title: t("invoices.preview.qty"), dataIndex: "quantity", align: "right" },
          { key: "unit_price", title: t("invoices.preview.unitPrice"), align: "right", render: (_, i) => <MoneyText minor={i.unit_price} currency={c} /> },
          {
            key: "discount",
            title: t("invoices.preview.discount"),
            align: "right",
            render: (_, i) => <Adjusted amount={i.discount_amount} text={discountText(i.discount, c)} currency={c} />,
          },
          {
            key: "tax",
            title: t("invoices.preview.tax"),
            align: "right",
            render: (_, i) => <Adjusted amount={i.tax_amount} text={taxText(i.tax, c, t)} currency={c} />,
          },
          {
            key: "total",
            title: t("invoices.preview.amount"),
            align: "right",
            render: (_, i) => <MoneyText data-testid="item-total" minor={i.total_amount} currency={c} />,
          },
        ]}
      />
      <Row gutter={[24, 16]} style={{ marginTop: 16 }}>
        <Col xs={24} md={12}>
          {inv.payment_instructions && (
            <>
              <Typography.Title level={5}>{inv.payment_instructions.title}</Typography.Title>
              <Descriptions column={1} size="small" bordered>
                {inv.payment_instructions.lines.map((l) => (
                  <Descriptions.Item key={l.label} label={depositFieldText(t, l.label)}>
                    {l.value}
                  </Descriptions.Item>
                ))}
              </Descriptions>
              {inv.payment_instructions.notes && (
                <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
                  {inv.payment_instructions.notes}
                </Typography.Paragraph>
              )}
            </>
          )}
        </Col>
        <Col xs={24} md={12}>
          {inv.discount != null && (
            <Typography.Paragraph>{t("invoices.preview.invoiceDiscount", { text: discountText(inv.discount, c) })}</Typography.Paragraph>
          )}
          {inv.tax != null && <Typography.Paragraph>{t("invoices.preview.invoiceTax", { text: taxText(inv.tax, c, t) })}</Typography.Paragraph>}
          <TotalsPanel
            currency={c}
            totals={{ ...inv.totals, shipping_amount: inv.shipping_amount, ...(paid ? {} : { total_amount_paid: undefined, total_amount_pending: undefined }) }}
          />
        </Col>
      </Row>
      {(inv.notes || inv.terms) && <Divider />}
      {inv.notes && (
        <>
          <Typography.Text strong>{t("invoices.preview.notes")}</Typography.Text>
          <Typography.Paragraph style={{ whiteSpace: "pre-wrap" }}>{inv.notes}</Typography.Paragraph>
        </>
      )}
      {inv.terms && (
        <>
          <Typography.Text strong>{t("invoices.preview.terms")}</Typography.Text>
          <Typography.Paragraph style={{ whiteSpace: "pre-wrap" }}>{inv.terms}</Typography.Paragraph>
        </>
      )}
    </Card>
  );
}

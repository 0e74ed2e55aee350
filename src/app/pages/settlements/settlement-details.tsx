/**
 * /settlements/:id (SPEC §2 Settlement details): back to the list, the reference, Generate Report,
 * the tiles the settlements declaration names (Period, Source Amount, Settlement Amount, Avg Rate,
 * Payments, Status), its adjustment lines when it has any, and the settlement's payments.
 */
import { useState } from "react";
import { Link, useParams } from "react-router";
import { useOne, useTranslate } from "@refinedev/core";
import { Alert, Button, Card, Col, Flex, Row, Skeleton, Typography } from "antd";
import { ArrowLeftOutlined, FileTextOutlined } from "@ant-design/icons";
import { pathGet } from "../../../../resources/define-resource.ts";
import { settlements, settlementPayments, type Settlement } from "../../../../resources/settlements.ts";
import { renderValue } from "../../components/resource/renderers.tsx";
import { useDeclared } from "../../components/resource/use-declared.ts";
import { SettlementPayments } from "./settlement-payments.tsx";
import { SettlementAdjustments } from "./settlement-adjustments.tsx";
import { GenerateReportModal } from "./generate-report-modal.tsx";
import { PageTitle } from "../../components/layout/page-title.tsx";

export default function SettlementDetails() {
  const t = useTranslate();
  const shown = useDeclared(settlements);
  const payments = useDeclared(settlementPayments);
  const { id = "" } = useParams();
  const [reporting, setReporting] = useState(false);
  const { result: settlement, query } = useOne<Settlement>({ resource: settlements.name, id, errorNotification: false });

  const back = (
    <Link to={settlements.routes.list}>
      <Button type="text" icon={<ArrowLeftOutlined />}>
        {t("settlements.back")}
      </Button>
    </Link>
  );
  if (query.isLoading)
    return (
      <>
        {back}
        <Skeleton active />
      </>
    );
  if (query.isError || !settlement) {
    return (
      <>
        {back}
        <Alert
          type="error"
          showIcon
          message={t("settlements.error")}
          description={(query.error as { message?: string } | null)?.message}
          style={{ marginTop: 12 }}
        />
      </>
    );
  }

  return (
    <>
      {back}
      <Flex justify="space-between" align="center" wrap gap={12} style={{ margin: "12px 0 16px" }}>
        <div>
          <Typography.Text type="secondary">{t("settlements.reference")}</Typography.Text>
          <PageTitle style={{ margin: 0 }}>{settlement.reference}</PageTitle>
          <Typography.Text type="secondary">
            {settlement.source_currency} → {settlement.settlement_currency}
          </Typography.Text>
        </div>
        <Button type="primary" icon={<FileTextOutlined />} onClick={() => setReporting(true)}>
          {t("settlements.report.title")}
        </Button>
      </Flex>
      <Row gutter={[16, 16]}>
        {(shown.detail ?? []).map((d, i) => (
          <Col key={d.field} xs={12} md={8} xl={4}>
            <Card size="small" role="group" aria-label={d.label} style={{ height: "100%" }}>
              <Typography.Text type="secondary">{d.label}</Typography.Text>
              {/* The test id keeps the declared English label, whatever the language. */}
              <div data-testid={`tile-${settlements.detail?.[i]?.label}`} style={{ fontSize: 16, fontWeight: 500, marginTop: 4, minHeight: 24 }}>
                {renderValue(d.render, pathGet(settlement, d.field), settlement, d.currencyField)}
              </div>
            </Card>
          </Col>
        ))}
      </Row>
      <SettlementAdjustments settlementId={settlement.id} />
      <Card title={payments.title} style={{ marginTop: 16 }}>
        <SettlementPayments settlementId={settlement.id} />
      </Card>
      <GenerateReportModal open={reporting} onClose={() => setReporting(false)} settlement={settlement} />
    </>
  );
}

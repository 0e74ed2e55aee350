/**
 * A settlement's adjustment lines on its details page (issue 26): payments of settled periods that
 * failed, were rejected or were retried after their day ended, counted here instead of changing the
 * settled totals. Shown only when there are any, each as what it is: a Reversal or a Reinstatement,
 * why, the payment, and the settled settlement it belongs to (a link), with its signed amounts.
 */
import { useState } from "react";
import { Link } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { useTranslate } from "@refinedev/core";
import { Alert, Card, Space, Table, Tag, Typography } from "antd";
import { pathGet } from "../../../../resources/define-resource.ts";
import { settlementAdjustments, settlements, type SettlementAdjustment } from "../../../../resources/settlements.ts";
import { withId } from "../../providers/data-provider.ts";
import { renderValue } from "../../components/resource/renderers.tsx";
import { settlementEndpoints } from "../../../../resources/settlements.ts";
import { call } from "../../api/call.ts";
import { useDeclared } from "../../components/resource/use-declared.ts";

function Adjustment({ line }: { line: SettlementAdjustment }) {
  const t = useTranslate();
  const kinds: Record<SettlementAdjustment["kind"], string> = {
    REVERSAL: t("settlements.adjustments.reversal"),
    REINSTATEMENT: t("settlements.adjustments.reinstatement"),
  };
  return (
    <Space direction="vertical" size={0}>
      <span>
        <Tag color={line.kind === "REVERSAL" ? "orange" : "blue"}>{kinds[line.kind]}</Tag>
        {line.reason}
      </span>
      <Typography.Text type="secondary">
        {t("settlements.adjustments.settledIn", { reference: line.payment.reference })}
        <Link to={withId(settlements.routes.show!, line.settled_in.id)}>{line.settled_in.reference}</Link>
      </Typography.Text>
    </Space>
  );
}

export function SettlementAdjustments({ settlementId }: { settlementId: string }) {
  const def = useDeclared(settlementAdjustments);
  const [page, setPage] = useState(1);
  const result = useQuery({
    queryKey: [def.name, settlementId, page],
    queryFn: async () => (await call(settlementEndpoints.adjustments, { params: { id: settlementId }, query: { page, limit: def.pageSize } })).data,
    placeholderData: (previous) => previous,
    retry: false,
  });
  if (result.isError)
    return <Alert type="error" showIcon message={def.errorMessage} description={(result.error as { message?: string })?.message} style={{ marginTop: 16 }} />;
  // Most settlements never have one: no empty card for them.
  if (!result.data?.total_items) return null;

  return (
    <Card title={def.title} style={{ marginTop: 16 }}>
      <Typography.Paragraph type="secondary">{def.subtitle}</Typography.Paragraph>
      <Table<SettlementAdjustment>
        rowKey="id"
        loading={result.isFetching}
        dataSource={result.data.items}
        scroll={{ x: 800 }}
        columns={def.columns.map((c) => ({
          key: c.field,
          title: c.title,
          render: (_: unknown, r: SettlementAdjustment) =>
            c.field === "kind" ? <Adjustment line={r} /> : renderValue(c.render, pathGet(r, c.field), r, c.currencyField),
        }))}
        pagination={
          result.data.total_items > def.pageSize
            ? { current: page, pageSize: def.pageSize, total: result.data.total_items, onChange: setPage, showSizeChanger: false }
            : false
        }
      />
    </Card>
  );
}

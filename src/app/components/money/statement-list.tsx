/**
 * Past statements of one account or wallet (SPEC §9: 10 a page), newest first, with their state and
 * a Download button once COMPLETE (SPEC §4). While any is PENDING the page refreshes itself, so a
 * statement someone else queued turns downloadable without a reload.
 */
import { useEffect, useState } from "react";
import { useTranslate } from "@refinedev/core";
import { Alert, Button, Table, Tag, Tooltip } from "antd";
import { DownloadOutlined } from "@ant-design/icons";
import { formatDateTime } from "../../../lib/dates.ts";
import { call } from "../../api/call.ts";
import type { Page } from "../../../../resources/define-endpoint.ts";
import { FORMAT_LABELS, statementEndpoints, type Statement } from "../../../../resources/statements.ts";
import { statusColor } from "../resource/status-colours.ts";
import { statusText } from "../resource/use-declared.ts";

/** Whose statement: a fiat account (account_id) or a stablecoin wallet (asset_id), SPEC §7. */
export type StatementOwner = { account_id: string } | { asset_id: string };

export function StatementList({
  owner,
  version,
  onDownload,
}: {
  owner: StatementOwner;
  /** Bumped by the modal after an export, to show it at the top. */
  version: number;
  onDownload: (s: Statement) => Promise<void>;
}) {
  const t = useTranslate();
  const [page, setPage] = useState(1);
  const [data, setData] = useState<Page<Statement> | null>(null);
  const [error, setError] = useState(false);
  const [tick, setTick] = useState(0);

  // The owner's one id, as the query names it: the read's identity (a new owner object each render must not re-ask).
  const [ownerKey, ownerId] = "account_id" in owner ? (["account_id", owner.account_id] as const) : (["asset_id", owner.asset_id] as const);
  useEffect(() => {
    let live = true;
    call(statementEndpoints.list, { query: { [ownerKey]: ownerId, page, limit: 10 } })
      .then((r) => live && (setData(r.data), setError(false)))
      .catch(() => live && setError(true));
    return () => {
      live = false;
    };
  }, [ownerKey, ownerId, page, version, tick]);

  const pending = !!data?.items.some((s) => s.state === "PENDING");
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => setTick((n) => n + 1), 1500);
    return () => clearTimeout(timer);
  }, [pending, data]);

  if (error) return <Alert type="error" showIcon message={t("money.statements.error")} />;
  return (
    <Table<Statement>
      rowKey="id"
      size="small"
      data-testid="statement-list"
      loading={!data}
      dataSource={data?.items}
      pagination={{ current: page, pageSize: 10, total: data?.total_items, onChange: setPage, showSizeChanger: false, hideOnSinglePage: true }}
      locale={{ emptyText: t("money.statements.none") }}
      columns={[
        { title: t("money.statements.created"), render: (_, s) => formatDateTime(s.created_date) },
        { title: t("money.statements.type"), render: (_, s) => FORMAT_LABELS[s.format] ?? s.format },
        { title: t("money.statements.period"), render: (_, s) => `${s.from} – ${s.to}` },
        {
          title: t("money.statements.status"),
          render: (_, s) => (
            <Tooltip title={s.failure_reason}>
              <Tag color={statusColor(s.state)}>{statusText(t, s.state)}</Tag>
            </Tooltip>
          ),
        },
        {
          title: t("money.statements.action"),
          render: (_, s) =>
            s.state === "COMPLETE" ? (
              <Button
                size="small"
                icon={<DownloadOutlined />}
                aria-label={t("money.statements.downloadLabel", { format: FORMAT_LABELS[s.format], from: s.from, to: s.to })}
                onClick={() => onDownload(s)}
              >
                {t("money.statements.download")}
              </Button>
            ) : null,
        },
      ]}
    />
  );
}

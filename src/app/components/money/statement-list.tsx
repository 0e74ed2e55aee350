/**
 * Past statements of one account or wallet (SPEC §9: 10 a page), newest first, with their state and
 * a Download button once COMPLETE (SPEC §4). While any is PENDING the page refreshes itself, so a
 * statement someone else queued turns downloadable without a reload.
 */
import { useEffect, useState } from "react";
import { Alert, Button, Table, Tag, Tooltip } from "antd";
import { DownloadOutlined } from "@ant-design/icons";
import { formatDateTime } from "../../../lib/dates.ts";
import { call } from "../../api/call.ts";
import type { Page } from "../../../../resources/define-endpoint.ts";
import { FORMAT_LABELS, statementEndpoints, type Statement } from "../../../../resources/statements.ts";
import { humanize, statusColor } from "../resource/renderers.tsx";

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
    const t = setTimeout(() => setTick((n) => n + 1), 1500);
    return () => clearTimeout(t);
  }, [pending, data]);

  if (error) return <Alert type="error" showIcon message="Error fetching transaction statements" />;
  return (
    <Table<Statement>
      rowKey="id"
      size="small"
      data-testid="statement-list"
      loading={!data}
      dataSource={data?.items}
      pagination={{ current: page, pageSize: 10, total: data?.total_items, onChange: setPage, showSizeChanger: false, hideOnSinglePage: true }}
      locale={{ emptyText: "No statements yet" }}
      columns={[
        { title: "Created", render: (_, s) => formatDateTime(s.created_date) },
        { title: "Type", render: (_, s) => FORMAT_LABELS[s.format] ?? s.format },
        { title: "Period", render: (_, s) => `${s.from} – ${s.to}` },
        {
          title: "Status",
          render: (_, s) => (
            <Tooltip title={s.failure_reason}>
              <Tag color={statusColor(s.state)}>{humanize(s.state)}</Tag>
            </Tooltip>
          ),
        },
        {
          title: "Action",
          render: (_, s) =>
            s.state === "COMPLETE" ? (
              <Button
                size="small"
                icon={<DownloadOutlined />}
                aria-label={`Download ${FORMAT_LABELS[s.format]} ${s.from} to ${s.to}`}
                onClick={() => onDownload(s)}
              >
                Download
              </Button>
            ) : null,
        },
      ]}
    />
  );
}

/** The daily rates of one pair, newest first, paged by the server (SPEC §9 page size 10). */
import { useEffect, useState } from "react";
import { useTranslate } from "@refinedev/core";
import { Table, Tag } from "antd";
import { call } from "../../api/call.ts";
import { useToast } from "../../hooks/use-toast.ts";
import { displayRate, invertRate } from "../../../lib/rate-display.ts";
import { formatDay } from "../../../lib/dates.ts";
import { fxRateEndpoints, type FxRate } from "../../../../resources/fx-rates.ts";
import type { Page } from "../../../../resources/define-endpoint.ts";
import { statusText } from "../resource/use-declared.ts";

const PAGE_SIZE = 10;

/** Mount with key={pair} so a new pair starts again at page 1. */
export function RatesTable({ base, quote }: { base: string; quote: string }) {
  const t = useTranslate();
  const toast = useToast();
  const [page, setPage] = useState(1);
  const [data, setData] = useState<Page<FxRate> | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    setData(null);
    call(fxRateEndpoints.list, { query: { base_currency: base, quote_currency: quote, page, limit: PAGE_SIZE } })
      .then((r) => live && setData(r.data))
      .catch((e) => {
        if (!live) return;
        setFailed(true);
        toast.error(e); // SPEC §8: a failed call toasts the server's message
      });
    return () => {
      live = false;
    };
  }, [base, quote, page, toast]);

  return (
    <Table<FxRate>
      aria-label={t("fx.table.label")}
      rowKey="created_date"
      loading={!data && !failed}
      dataSource={data?.items}
      pagination={{ current: page, pageSize: PAGE_SIZE, total: data?.total_items, onChange: setPage, showSizeChanger: false }}
      locale={{ emptyText: t("fx.historyUnavailable") }}
      columns={[
        { title: t("fx.table.date"), render: (_, r) => formatDay(r.created_date) },
        { title: t("fx.table.oneIn", { from: base, to: quote }), align: "right", render: (_, r) => displayRate(r.rate, 8) },
        { title: t("fx.table.oneIn", { from: quote, to: base }), align: "right", render: (_, r) => displayRate(invertRate(r.rate), 8) },
        { title: t("fx.table.status"), render: (_, r) => <Tag color={r.state === "ACTIVE" ? "green" : "default"}>{statusText(t, r.state, r.state)}</Tag> },
      ]}
    />
  );
}

/** The daily rates of one pair, newest first, paged by the server (SPEC §9 page size 10). */
import { useEffect, useState } from "react";
import { Table, Tag } from "antd";
import { call } from "../../api/call.ts";
import { useToast } from "../../hooks/use-toast.ts";
import { displayRate, invertRate } from "../../../lib/rate-display.ts";
import { formatDay } from "../../../lib/dates.ts";
import { fxRateEndpoints, type FxRate } from "../../../../resources/fx-rates.ts";
import type { Page } from "../../../../resources/define-endpoint.ts";
import { HISTORY_UNAVAILABLE } from "./rates-chart.tsx";

const PAGE_SIZE = 10;

/** Mount with key={pair} so a new pair starts again at page 1. */
export function RatesTable({ base, quote }: { base: string; quote: string }) {
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
      aria-label="Rate history table"
      rowKey="created_date"
      loading={!data && !failed}
      dataSource={data?.items}
      pagination={{ current: page, pageSize: PAGE_SIZE, total: data?.total_items, onChange: setPage, showSizeChanger: false }}
      locale={{ emptyText: HISTORY_UNAVAILABLE }}
      columns={[
        { title: "Date", render: (_, r) => formatDay(r.created_date) },
        { title: `1 ${base} in ${quote}`, align: "right", render: (_, r) => displayRate(r.rate, 8) },
        { title: `1 ${quote} in ${base}`, align: "right", render: (_, r) => displayRate(invertRate(r.rate), 8) },
        { title: "Status", render: (_, r) => <Tag color={r.state === "ACTIVE" ? "green" : "default"}>{r.state}</Tag> },
      ]}
    />
  );
}

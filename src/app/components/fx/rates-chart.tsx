/**
 * Rate history of one pair as a line (SPEC §2 Fx Rates, §8 rates-history-unavailable message).
 * The chart library loads only when a chart is drawn, never with the app's first chunk.
 */
import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslate } from "@refinedev/core";
import { Empty, Segmented, Skeleton } from "antd";
import { call } from "../../api/call.ts";
import { fxRateEndpoints, type FxRate } from "../../../../resources/fx-rates.ts";
import { showsTick } from "../../../lib/chart-ticks.ts";
import { useThemeMode } from "../../theme/theme-mode.ts";

const Line = lazy(() => import("@ant-design/plots").then((m) => ({ default: m.Line })));

/** The date axis thinned as SPEC §9 says (a tick on today's date always); autoHide still spares a narrow screen overlaps. */
const DATE_AXIS = { labelAutoHide: true, tickFilter: (_tick: unknown, index: number, ticks: unknown[]) => showsTick(index, ticks.length) };

/** The API pages at most 100 rows; a year is four pages fetched together. */
const PAGE = 100;

async function history(base: string, quote: string, days: number): Promise<FxRate[]> {
  const limit = Math.min(days, PAGE);
  const pages = Array.from({ length: Math.ceil(days / limit) }, (_, i) =>
    call(fxRateEndpoints.list, { query: { base_currency: base, quote_currency: quote, page: i + 1, limit } }),
  );
  return (await Promise.all(pages)).flatMap((r) => r.data.items).slice(0, days);
}

export function RatesChart({ base, quote }: { base: string; quote: string }) {
  const t = useTranslate();
  const ranges = [
    { value: 30, label: t("fx.chart.days30") },
    { value: 90, label: t("fx.chart.days90") },
    { value: 365, label: t("fx.chart.year") },
  ];
  const chartTheme = useThemeMode().dark ? "classicDark" : "classic";
  const [days, setDays] = useState(30);
  const [points, setPoints] = useState<FxRate[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true; // a slow answer for an old pair or range must not overwrite the new one
    setPoints(null);
    setFailed(false);
    history(base, quote, days)
      .then((items) => live && setPoints(items))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [base, quote, days]);

  // Oldest first for the x axis. The y value is a float only for plotting; labels stay strings.
  const data = points?.map((p) => ({ date: p.created_date.slice(0, 10), rate: Number(p.rate) })).reverse();
  return (
    <section aria-label={t("fx.chart.label")}>
      <Segmented options={ranges} value={days} onChange={(v) => setDays(Number(v))} style={{ marginBottom: 12 }} />
      {(failed || points?.length === 0) && <Empty description={t("fx.historyUnavailable")} />}
      {!failed && !points && <Skeleton active />}
      {data && data.length > 0 && (
        <Suspense fallback={<Skeleton active />}>
          <Line
            theme={chartTheme}
            data={data}
            xField="date"
            yField="rate"
            height={260}
            scale={{ y: { nice: true, zero: false } }}
            axis={{ x: DATE_AXIS }}
            tooltip={{ items: [{ channel: "y", name: `${base} → ${quote}` }] }}
          />
        </Suspense>
      )}
    </section>
  );
}

/**
 * Inbound and outbound per period (SPEC §4 Graph ranges). The chart library loads only when a
 * chart is shown; all-zero data shows 'No transactions'.
 */
import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslate } from "@refinedev/core";
import { Empty, Segmented, Skeleton } from "antd";
import { call, urlOf } from "../../api/call.ts";
import { formatMinor } from "../../../lib/money.ts";
import type { ReceivedOf } from "../../../../resources/define-endpoint.ts";
import { Flows } from "../../../../resources/transaction-views.ts";
import type { accountEndpoints } from "../../../../resources/accounts.ts";
import type { walletEndpoints } from "../../../../resources/wallets.ts";
import { useThemeMode } from "../../theme/theme-mode.ts";

const Column = lazy(() => import("@ant-design/plots").then((m) => ({ default: m.Column })));

/** Whose graph: an account's (or sub-account's) or a wallet's (or sub-wallet's) summary. */
type SummaryEndpoint = typeof accountEndpoints.summary | typeof walletEndpoints.summary;
type Summary = ReceivedOf<SummaryEndpoint>;

/** A range's flows in the summary (each range of its kind is one key); none for a range it does not hold. */
const flowsOf = (summary: Summary, range: string): Flows | null => {
  const byRange: Record<string, unknown> = summary;
  const flows = Flows.safeParse(byRange[range]);
  return flows.success ? flows.data : null;
};

export type Range = { key: string; label: string };

/** SPEC §4 Graph ranges of banking and crypto accounts, named in the member's language. */
export const accountRanges = (t: ReturnType<typeof useTranslate>): Range[] => [
  { key: "last_week", label: t("money.flows.lastWeek") },
  { key: "last_6_months", label: t("money.flows.last6Months") },
  { key: "last_year", label: t("money.flows.lastYear") },
];

export function FlowsChart({ endpoint, params, ranges, currency }: { endpoint: SummaryEndpoint; params: { id: string }; ranges: Range[]; currency: string }) {
  // The charts draw on a canvas antd does not paint: G2's own dark theme in dark mode.
  const t = useTranslate();
  const chartTheme = useThemeMode().dark ? "classicDark" : "classic";
  const [range, setRange] = useState(ranges[0].key);
  const [summary, setSummary] = useState<Summary | null>(null);
  const [error, setError] = useState(false);
  // The owner's address is the read's identity (a new params object each render must not re-ask).
  const owner = urlOf(endpoint, { params });
  useEffect(() => {
    call(endpoint, { params })
      .then((r) => setSummary(r.data))
      .catch(() => setError(true));
  }, [owner]);

  const flows = summary ? flowsOf(summary, range) : null;
  const zero = flows?.points.every((p) => p.inbound === "0" && p.outbound === "0");
  // The chart plots major units; labels and totals stay exact strings.
  const data = flows?.points.flatMap((p) => [
    { label: p.label, kind: t("money.flows.inbound"), value: Number(formatMinor(p.inbound, currency).replace(/,/g, "")) },
    { label: p.label, kind: t("money.flows.outbound"), value: Number(formatMinor(p.outbound, currency).replace(/,/g, "")) },
  ]);
  return (
    <div>
      <Segmented
        options={ranges.map((r) => ({ value: r.key, label: r.label }))}
        value={range}
        onChange={(v) => setRange(String(v))}
        style={{ marginBottom: 12 }}
      />
      {error && <Empty description={t("money.flows.error")} />}
      {!error && !flows && <Skeleton active />}
      {flows && zero && <Empty description={t("money.flows.none")} />}
      {flows && !zero && (
        <Suspense fallback={<Skeleton active />}>
          <Column theme={chartTheme} data={data} xField="label" yField="value" colorField="kind" group height={260} axis={{ x: { labelAutoHide: true } }} />
        </Suspense>
      )}
    </div>
  );
}

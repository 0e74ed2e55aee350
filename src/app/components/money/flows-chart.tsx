/**
 * Inbound and outbound per period (SPEC §4 Graph ranges). The chart library loads only when a
 * chart is shown; all-zero data shows 'No transactions'.
 */
import { lazy, Suspense, useEffect, useState } from "react";
import { Empty, Segmented, Skeleton } from "antd";
import { api } from "../../api/client.ts";
import { formatMinor } from "../../../lib/money.ts";

const Column = lazy(() => import("@ant-design/plots").then((m) => ({ default: m.Column })));

type Point = { label: string; inbound: string; outbound: string };
type Flows = { points: Point[]; totals: { inbound: string; outbound: string } };

export type Range = { key: string; label: string };

/** SPEC §4 Graph ranges of banking and crypto accounts. */
export const ACCOUNT_RANGES: Range[] = [
  { key: "last_week", label: "1 week" },
  { key: "last_6_months", label: "6 months" },
  { key: "last_year", label: "1 year" },
];

export function FlowsChart({
  path,
  ranges,
  currency,
  pick,
}: {
  path: string;
  ranges: Range[];
  currency: string;
  /** Reads a range's flows from the summary the API returned. */
  pick: (summary: Record<string, unknown>, range: string) => Flows;
}) {
  const [range, setRange] = useState(ranges[0].key);
  const [summary, setSummary] = useState<Record<string, unknown> | null>(null);
  const [error, setError] = useState(false);
  useEffect(() => {
    api<Record<string, unknown>>("GET", path)
      .then((r) => setSummary(r.data))
      .catch(() => setError(true));
  }, [path]);

  const flows = summary ? pick(summary, range) : null;
  const zero = flows?.points.every((p) => p.inbound === "0" && p.outbound === "0");
  // The chart plots major units; labels and totals stay exact strings.
  const data = flows?.points.flatMap((p) => [
    { label: p.label, kind: "Inbound", value: Number(formatMinor(p.inbound, currency).replace(/,/g, "")) },
    { label: p.label, kind: "Outbound", value: Number(formatMinor(p.outbound, currency).replace(/,/g, "")) },
  ]);
  return (
    <div>
      <Segmented
        options={ranges.map((r) => ({ value: r.key, label: r.label }))}
        value={range}
        onChange={(v) => setRange(String(v))}
        style={{ marginBottom: 12 }}
      />
      {error && <Empty description="Error fetching account summary" />}
      {!error && !flows && <Skeleton active />}
      {flows && zero && <Empty description="No transactions" />}
      {flows && !zero && (
        <Suspense fallback={<Skeleton active />}>
          <Column data={data} xField="label" yField="value" colorField="kind" group height={260} axis={{ x: { labelAutoHide: true } }} />
        </Suspense>
      )}
    </div>
  );
}

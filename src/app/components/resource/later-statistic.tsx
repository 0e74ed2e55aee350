/**
 * antd's Statistic after the page's first paint: a figure is never what a page's first paint needs
 * (its query is on its way then). A line of skeleton holds each figure's place meanwhile.
 */
import { Suspense } from "react";
import { Skeleton, type StatisticProps } from "antd";
import { lazyNamed } from "../../lib/lazy.ts";

const Statistic = lazyNamed(() => import("./summary-figure.ts"), "Statistic");

export function LaterStatistic(props: StatisticProps) {
  return (
    <Suspense fallback={<Skeleton active title={{ width: "40%" }} paragraph={{ rows: 1, width: "60%" }} />}>
      <Statistic {...props} />
    </Suspense>
  );
}

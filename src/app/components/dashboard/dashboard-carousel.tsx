/**
 * The account-card carousel (SPEC §9): cards per view by the perView breakpoints, arrows only when
 * there are more cards than fit. The breakpoints are read against the window width, as the
 * carousel they come from did (Swiper's default base): the thresholds were chosen for the whole
 * screen, and read against the content area beside the menu they would show a single card
 * stretched across a 1280-px laptop. The slides themselves share the carousel's own width.
 */
import { useEffect, useState, useSyncExternalStore } from "react";
import { Button, Flex } from "antd";
import { LeftOutlined, RightOutlined } from "@ant-design/icons";
import { useTranslate } from "@refinedev/core";
import type { DashboardCardItem } from "./dashboard-data.ts";
import { DashboardAccountCard } from "./dashboard-account-card.tsx";

/** SPEC §9 perView breakpoints, widest first: at or above the width, that many cards. */
export const PER_VIEW_BREAKPOINTS: [minWidth: number, perView: number][] = [
  [2000, 5],
  [1800, 4],
  [1500, 4],
  [1280, 3],
  [1200, 3],
  [1024, 2],
  [640, 1],
];
export const CAROUSEL_GAP = 20;

export const perViewFor = (width: number) => PER_VIEW_BREAKPOINTS.find(([min]) => width >= min)?.[1] ?? 1;

const onResize = (notify: () => void) => {
  window.addEventListener("resize", notify);
  return () => window.removeEventListener("resize", notify);
};
const useWindowWidth = () => useSyncExternalStore(onResize, () => window.innerWidth);

export function DashboardCarousel({ cards }: { cards: DashboardCardItem[] }) {
  const t = useTranslate();
  const perView = perViewFor(useWindowWidth());
  const lastStart = Math.max(0, cards.length - perView);
  const [start, setStart] = useState(0);
  // Widening the view or losing cards can leave the window past the end: pull it back.
  useEffect(() => setStart((s) => Math.min(s, lastStart)), [lastStart]);
  const overflow = cards.length > perView;

  // One slide is (100% - the gaps) / perView wide; a step moves one slide plus one gap.
  const slide = `((100% - ${CAROUSEL_GAP * (perView - 1)}px) / ${perView})`;
  const shift = `calc(-${start} * (${slide} + ${CAROUSEL_GAP}px))`;

  return (
    // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern is a group with a role description, not a fieldset
    <div role="group" aria-roledescription="carousel" aria-label={t("dashboard.carousel.label")}>
      <div style={{ overflow: "hidden" }}>
        <div style={{ display: "flex", gap: CAROUSEL_GAP, transform: `translateX(${shift})`, transition: "transform 300ms ease" }}>
          {cards.map((card, i) => {
            const hidden = i < start || i >= start + perView;
            return (
              // Cards out of view are inert: not tabbable, not announced, not clickable by accident.
              <div key={card.key} style={{ flex: `0 0 calc${slide}`, minWidth: 0 }} inert={hidden} aria-hidden={hidden || undefined}>
                <DashboardAccountCard item={card} />
              </div>
            );
          })}
        </div>
      </div>
      {overflow && (
        <Flex justify="flex-end" gap={8} style={{ marginTop: 12 }}>
          <Button
            shape="circle"
            icon={<LeftOutlined />}
            aria-label={t("dashboard.carousel.previous")}
            disabled={start === 0}
            onClick={() => setStart((s) => Math.max(0, s - 1))}
          />
          <Button
            shape="circle"
            icon={<RightOutlined />}
            aria-label={t("dashboard.carousel.next")}
            disabled={start >= lastStart}
            onClick={() => setStart((s) => Math.min(lastStart, s + 1))}
          />
        </Flex>
      )}
    </div>
  );
}

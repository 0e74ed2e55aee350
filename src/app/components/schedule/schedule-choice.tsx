/**
 * "Pay now" or "Schedule" on the send screens (issue 29). The timing fields of a schedule
 * (schedule-fields.tsx: how often, dates, the end, the preview) load when "Schedule" is first chosen.
 */
import { Suspense } from "react";
import { useTranslate } from "@refinedev/core";
import { Form, Segmented, Skeleton } from "antd";
import { useSession } from "../../session/session.tsx";
import type { ScheduleDraft } from "./schedule-draft.ts";
import { lazyNamed } from "../../lib/lazy.ts";

const ScheduleFields = lazyNamed(() => import("./schedule-fields.tsx"), "ScheduleFields");

/** The choice, then (when "Schedule" is chosen) the timing fields and the dates they give. */
export function ScheduleChoice({ schedule, note }: { schedule: ScheduleDraft; note?: React.ReactNode }) {
  const { can } = useSession();
  const t = useTranslate();
  // The same members may pay and schedule (policy.csv); the choice is not offered to anyone the server would refuse.
  if (!can("payment-schedules", "create")) return null;
  return (
    <>
      <Form.Item label={t("schedule.choice.when")}>
        <Segmented
          aria-label={t("schedule.choice.when")}
          value={schedule.mode}
          onChange={(m) => schedule.setMode(m as "now" | "schedule")}
          options={[
            { value: "now", label: t("schedule.choice.payNow") },
            { value: "schedule", label: t("schedule.choice.schedule") },
          ]}
        />
      </Form.Item>
      {schedule.on && (
        <>
          {note}
          <Suspense fallback={<Skeleton active />}>
            <ScheduleFields schedule={schedule} />
          </Suspense>
        </>
      )}
    </>
  );
}

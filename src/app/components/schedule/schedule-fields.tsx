/**
 * A schedule's timing on the send screens (issue 29), shown once "Schedule" is chosen
 * (schedule-choice.tsx): how often, the first payment date (not before today, UTC), the day of the
 * month for monthly and quarterly payments, the end, whether a failed payment pauses it, and a
 * preview of the next dates.
 */
import type { Dayjs } from "dayjs";
import { useTranslate } from "@refinedev/core";
import { Checkbox, Flex, Form, InputNumber, Radio, Select } from "antd";
import { MAX_SCHEDULE_PAYMENTS } from "../../../../resources/payment-schedules.ts";
import { FREQUENCIES, LAST_DAY, type EndKind, type Frequency } from "../../../lib/schedule-dates.ts";
import { todayUtc } from "../../../lib/dates.ts";
import { isMonthly, ruleOf, type ScheduleDraft } from "./schedule-draft.ts";
import { SchedulePreview } from "./schedule-preview.tsx";
import { DAY, DayPicker } from "../form/day-picker.tsx";

/** Shown as people read a day; typed either way. */
const DAY_FORMATS = ["D MMM YYYY", DAY];
const DAYS = Array.from({ length: 31 }, (_, i) => ({ value: i + 1, label: String(i + 1) }));

/** Calendar days before today (UTC, as the scheduler counts them) cannot be picked. */
const beforeToday = (d: Dayjs) => d.format(DAY) < todayUtc();

/** A schedule's day: shown as people read it, typed either way; days before today cannot be picked. */
export function ScheduleDayPicker(props: { id: string; value: string | null; onChange: (day: string | null) => void }) {
  return <DayPicker {...props} format={DAY_FORMATS} allowClear={false} disabledDate={beforeToday} />;
}

/** The timing fields of a schedule and the dates they give. */
export function ScheduleFields({ schedule }: { schedule: ScheduleDraft }) {
  const t = useTranslate();
  const { values: v, set, errors } = schedule;
  const show = (field: string) => (errors[field] ? { validateStatus: "error" as const, help: errors[field] } : {});
  const recurring = v.frequency !== "ONCE";
  const frequencyLabels: Record<Frequency, string> = {
    ONCE: t("schedule.frequency.onceOnDate"),
    WEEKLY: t("schedule.frequency.weekly"),
    BIWEEKLY: t("schedule.frequency.biweekly"),
    MONTHLY: t("schedule.frequency.monthly"),
    QUARTERLY: t("schedule.frequency.quarterly"),
  };
  const frequencyOptions = FREQUENCIES.map((f) => ({ value: f, label: frequencyLabels[f] }));
  const dayOptions = [...DAYS, { value: LAST_DAY, label: t("schedule.choice.lastDay") }];
  const endOptions: { value: EndKind; label: string }[] = [
    { value: "NEVER", label: t("schedule.choice.endNever") },
    { value: "AFTER", label: t("schedule.choice.endAfter") },
    { value: "ON_DATE", label: t("schedule.choice.endOnDate") },
  ];
  return (
    <>
      <Flex gap={16} wrap>
        <Form.Item label={t("schedule.choice.howOften")} htmlFor="schedule-frequency" style={{ flex: "1 1 220px" }} {...show("frequency")}>
          <Select id="schedule-frequency" value={v.frequency} onChange={(f: Frequency) => set({ frequency: f })} options={frequencyOptions} />
        </Form.Item>
        <Form.Item
          label={recurring ? t("schedule.choice.firstPaymentDate") : t("schedule.choice.paymentDate")}
          htmlFor="schedule-start"
          style={{ flex: "1 1 220px" }}
          {...show("start_date")}
        >
          <ScheduleDayPicker id="schedule-start" value={v.start_date} onChange={(d) => d && set({ start_date: d })} />
        </Form.Item>
        {isMonthly(v.frequency) && (
          <Form.Item label={t("schedule.choice.dayOfMonth")} htmlFor="schedule-day" style={{ flex: "1 1 160px" }} {...show("day_of_month")}>
            <Select
              id="schedule-day"
              showSearch
              optionFilterProp="label"
              value={v.day_of_month ?? Number(v.start_date.slice(8, 10))}
              onChange={(d: number) => set({ day_of_month: d })}
              options={dayOptions}
            />
          </Form.Item>
        )}
      </Flex>
      {recurring && (
        <>
          <Form.Item label={t("schedule.choice.ends")} {...show("end_kind")}>
            <Radio.Group aria-label={t("schedule.choice.ends")} value={v.end_kind} onChange={(e) => set({ end_kind: e.target.value })} options={endOptions} />
          </Form.Item>
          {v.end_kind === "AFTER" && (
            <Form.Item label={t("schedule.choice.numberOfPayments")} htmlFor="schedule-end-after" {...show("end_after")}>
              <InputNumber
                id="schedule-end-after"
                min={1}
                max={MAX_SCHEDULE_PAYMENTS}
                precision={0}
                style={{ width: 160 }}
                value={v.end_after}
                onChange={(n) => set({ end_after: typeof n === "number" ? n : null })}
              />
            </Form.Item>
          )}
          {v.end_kind === "ON_DATE" && (
            <Form.Item label={t("schedule.choice.endDate")} htmlFor="schedule-end-date" extra={t("schedule.choice.endDateHint")} {...show("end_date")}>
              <ScheduleDayPicker id="schedule-end-date" value={v.end_date} onChange={(d) => set({ end_date: d })} />
            </Form.Item>
          )}
          <Form.Item>
            <Checkbox checked={v.pause_after_failure} onChange={(e) => set({ pause_after_failure: e.target.checked })}>
              {t("schedule.choice.pauseOnFailure")}
            </Checkbox>
          </Form.Item>
        </>
      )}
      <SchedulePreview rule={ruleOf(v)} rail={schedule.rail} />
    </>
  );
}

/**
 * "Pay now" or "Schedule" on the send screens (issue 29), and for a schedule: how often, the first
 * payment date (not before today, UTC), the day of the month for monthly and quarterly payments, the
 * end, whether a failed payment pauses it, and a preview of the next dates.
 */
import dayjs, { type Dayjs } from "dayjs";
import { Checkbox, DatePicker, Flex, Form, InputNumber, Radio, Segmented, Select } from "antd";
import { FREQUENCY_LABELS, MAX_SCHEDULE_PAYMENTS } from "../../../../resources/payment-schedules.ts";
import { FREQUENCIES, type EndKind, type Frequency } from "../../../lib/schedule-dates.ts";
import { todayUtc } from "../../../lib/dates.ts";
import { useSession } from "../../session/session.tsx";
import { isMonthly, LAST_DAY_OPTION, ruleOf, type ScheduleDraft } from "./schedule-draft.ts";
import { SchedulePreview } from "./schedule-preview.tsx";

const DAY = "YYYY-MM-DD";
/** Shown as people read a day; typed either way. */
const DAY_FORMATS = ["D MMM YYYY", DAY];
const FREQUENCY_OPTIONS = FREQUENCIES.map((f) => ({ value: f, label: f === "ONCE" ? "Once on a date" : FREQUENCY_LABELS[f] }));
const DAY_OPTIONS = [...Array.from({ length: 31 }, (_, i) => ({ value: i + 1, label: String(i + 1) })), LAST_DAY_OPTION];
const END_OPTIONS: { value: EndKind; label: string }[] = [
  { value: "NEVER", label: "Never" },
  { value: "AFTER", label: "After a number of payments" },
  { value: "ON_DATE", label: "On a date" },
];

/** Calendar days before today (UTC, as the scheduler counts them) cannot be picked. */
const beforeToday = (d: Dayjs) => d.format(DAY) < todayUtc();

export function DayPicker({ id, value, onChange }: { id: string; value: string | null; onChange: (day: string | null) => void }) {
  return (
    <DatePicker
      id={id}
      style={{ width: "100%" }}
      format={DAY_FORMATS}
      allowClear={false}
      disabledDate={beforeToday}
      value={value ? dayjs(value, DAY) : null}
      onChange={(d) => onChange(d ? d.format(DAY) : null)}
    />
  );
}

/** The choice, then (when "Schedule" is chosen) the timing fields and the dates they give. */
export function ScheduleChoice({ schedule, note }: { schedule: ScheduleDraft; note?: React.ReactNode }) {
  const { can } = useSession();
  const { values: v, set, errors } = schedule;
  // The same members may pay and schedule (policy.csv); the choice is not offered to anyone the server would refuse.
  if (!can("payment-schedules", "create")) return null;
  const show = (field: string) => (errors[field] ? { validateStatus: "error" as const, help: errors[field] } : {});
  const recurring = v.frequency !== "ONCE";
  return (
    <>
      <Form.Item label="When">
        <Segmented
          aria-label="When"
          value={schedule.mode}
          onChange={(m) => schedule.setMode(m as "now" | "schedule")}
          options={[
            { value: "now", label: "Pay now" },
            { value: "schedule", label: "Schedule" },
          ]}
        />
      </Form.Item>
      {schedule.on && (
        <>
          {note}
          <Flex gap={16} wrap>
            <Form.Item label="How often" htmlFor="schedule-frequency" style={{ flex: "1 1 220px" }} {...show("frequency")}>
              <Select id="schedule-frequency" value={v.frequency} onChange={(f: Frequency) => set({ frequency: f })} options={FREQUENCY_OPTIONS} />
            </Form.Item>
            <Form.Item label={recurring ? "First payment date" : "Payment date"} htmlFor="schedule-start" style={{ flex: "1 1 220px" }} {...show("start_date")}>
              <DayPicker id="schedule-start" value={v.start_date} onChange={(d) => d && set({ start_date: d })} />
            </Form.Item>
            {isMonthly(v.frequency) && (
              <Form.Item label="Day of the month" htmlFor="schedule-day" style={{ flex: "1 1 160px" }} {...show("day_of_month")}>
                <Select
                  id="schedule-day"
                  showSearch
                  optionFilterProp="label"
                  value={v.day_of_month ?? Number(v.start_date.slice(8, 10))}
                  onChange={(d: number) => set({ day_of_month: d })}
                  options={DAY_OPTIONS}
                />
              </Form.Item>
            )}
          </Flex>
          {recurring && (
            <>
              <Form.Item label="Ends" {...show("end_kind")}>
                <Radio.Group aria-label="Ends" value={v.end_kind} onChange={(e) => set({ end_kind: e.target.value })} options={END_OPTIONS} />
              </Form.Item>
              {v.end_kind === "AFTER" && (
                <Form.Item label="Number of payments" htmlFor="schedule-end-after" {...show("end_after")}>
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
                <Form.Item label="End date" htmlFor="schedule-end-date" extra="No payment is made after this day" {...show("end_date")}>
                  <DayPicker id="schedule-end-date" value={v.end_date} onChange={(d) => set({ end_date: d })} />
                </Form.Item>
              )}
              <Form.Item>
                <Checkbox checked={v.pause_after_failure} onChange={(e) => set({ pause_after_failure: e.target.checked })}>
                  Pause the schedule if a payment fails
                </Checkbox>
              </Form.Item>
            </>
          )}
          <SchedulePreview rule={ruleOf(v)} rail={schedule.rail} />
        </>
      )}
    </>
  );
}

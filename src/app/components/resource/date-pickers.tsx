/**
 * The date filter's two pickers. antd's DatePicker (and its calendar) weighs about 32 kB gzip, more
 * than the rest of a list's filters: it loads after the list's first paint (filter-bar.tsx).
 */
import { DatePicker, Space } from "antd";
import dayjs from "dayjs";

export type DatePickersProps = {
  from?: string;
  to?: string;
  labels: { from: string; to: string; fromPlaceholder: string; toPlaceholder: string };
  invalid: boolean;
  onFrom: (day: string | undefined) => void;
  onTo: (day: string | undefined) => void;
  width: number;
};

const day = (set: (v: string | undefined) => void) => (d: dayjs.Dayjs | null) => set(d ? d.format("YYYY-MM-DD") : undefined);

export function DatePickers({ from, to, labels, invalid, onFrom, onTo, width }: DatePickersProps) {
  return (
    <Space>
      <DatePicker
        placeholder={labels.fromPlaceholder}
        aria-label={labels.from}
        value={from ? dayjs(from) : null}
        onChange={day(onFrom)}
        status={invalid ? "error" : undefined}
        style={{ width }}
      />
      <DatePicker
        placeholder={labels.toPlaceholder}
        aria-label={labels.to}
        value={to ? dayjs(to) : null}
        onChange={day(onTo)}
        status={invalid ? "error" : undefined}
        style={{ width }}
      />
    </Space>
  );
}

/**
 * A date field whose value is a day as the API writes it ("YYYY-MM-DD", or null when none), where
 * antd's DatePicker works in dayjs values: the conversion both ways, written once. Any other
 * DatePicker prop passes through (format to show a day otherwise, disabledDate, placeholder…).
 */
import { DatePicker, type DatePickerProps } from "antd";
import dayjs from "dayjs";

export const DAY = "YYYY-MM-DD";

type Props = Omit<DatePickerProps, "value" | "onChange"> & { value?: string | null; onChange: (day: string | null) => void };

export function DayPicker({ value, onChange, format = DAY, style = { width: "100%" }, ...rest }: Props) {
  return <DatePicker {...rest} format={format} style={style} value={value ? dayjs(value, DAY) : null} onChange={(d) => onChange(d ? d.format(DAY) : null)} />;
}

/**
 * antd's heavier controls for a form whose first paint does not need them working yet (a choice, a
 * date, a number, documents): their code (Select about 23 kB gzip, DatePicker 32, Upload 12,
 * InputNumber 8) loads after the page's first paint. Until then a disabled box of the control's size,
 * under the same id and name, shows what it holds, so nothing moves and nothing typed can be lost.
 */
import { type CSSProperties, type ReactNode, Suspense } from "react";
import { Input, type DatePickerProps, type InputNumberProps, type SelectProps, type UploadProps } from "antd";
import { lazyNamed } from "../../lib/lazy.ts";

const Select = lazyNamed(() => import("./antd-select.ts"), "Select");
const DatePicker = lazyNamed(() => import("./antd-date-picker.ts"), "DatePicker");
const InputNumber = lazyNamed(() => import("./antd-input-number.ts"), "InputNumber");
const Upload = lazyNamed(() => import("./antd-upload.ts"), "Upload");

type StandInProps = { id?: string; "aria-label"?: string; value?: string; placeholder?: ReactNode; style?: CSSProperties };

/** The disabled box that holds a control's place while its code loads. */
function standIn({ id, "aria-label": label, value, placeholder, style }: StandInProps) {
  return (
    <Input disabled id={id} aria-label={label} value={value ?? ""} placeholder={typeof placeholder === "string" ? placeholder : undefined} style={style} />
  );
}

type Option = { value: string; label: string };

export function LaterSelect<O extends Option = Option>(props: SelectProps<string, O>) {
  const chosen = props.options?.find((o) => o.value === props.value)?.label;
  return (
    <Suspense fallback={standIn({ ...props, value: chosen })}>
      <Select<string, O> {...props} />
    </Suspense>
  );
}

export function LaterDatePicker(props: DatePickerProps) {
  const format = typeof props.format === "string" ? props.format : "YYYY-MM-DD";
  return (
    <Suspense fallback={standIn({ ...props, value: props.value?.format(format) })}>
      <DatePicker {...props} />
    </Suspense>
  );
}

export function LaterInputNumber(props: InputNumberProps<number>) {
  return (
    <Suspense fallback={standIn({ ...props, value: props.value == null ? undefined : String(props.value), placeholder: props.placeholder })}>
      <InputNumber<number> {...props} />
    </Suspense>
  );
}

/** Its stand-in is the caller's (the upload's button, disabled): a click cannot be lost to an Upload not there yet. */
export function LaterUpload({ standIn: button, ...props }: UploadProps & { standIn: ReactNode }) {
  return (
    <Suspense fallback={button}>
      <Upload {...props} />
    </Suspense>
  );
}

/**
 * The money input (FormField kind "money"): shows major units, hands the form minor units (see
 * money-field.ts). MoneyField wraps it for react-hook-form with the field's label and error.
 */
import { useEffect, useRef, useState } from "react";
import { useTranslate } from "@refinedev/core";
import { Form, Input } from "antd";
import { Controller, type Control, type FieldValues, type Path } from "react-hook-form";
import { majorText, minorValue, moneyProblem } from "./money-field.ts";

type InputProps = {
  id?: string;
  value: unknown;
  onChange: (minor: string | undefined) => void;
  onBlur?: () => void;
  currency: string;
  disabled?: boolean;
  placeholder?: string;
  "aria-label"?: string;
};

export function MoneyInput({ id, value, onChange, onBlur, currency, disabled, placeholder, "aria-label": ariaLabel }: InputProps) {
  const [text, setText] = useState(() => majorText(value, currency));
  // Follow a value set from outside (a product picked, a record loaded) without rewriting what is
  // being typed ("12.5" stays "12.5" rather than jumping to "12.50").
  useEffect(() => {
    if (value !== minorValue(text, currency)) setText(majorText(value, currency));
    // Only an outside change of value resyncs.
  }, [value]);
  // The same text is a different number of minor units in a currency of another precision. Only an
  // actual change re-reads it: on mount the held value (null for "not typed yet") stays as it is.
  const shownIn = useRef(currency);
  useEffect(() => {
    if (shownIn.current === currency) return;
    shownIn.current = currency;
    const next = minorValue(text, currency);
    if (next !== value) onChange(next);
  }, [currency]);
  return (
    <Input
      id={id}
      inputMode="decimal"
      value={text}
      disabled={disabled}
      placeholder={placeholder ?? "0.00"}
      aria-label={ariaLabel}
      suffix={currency || undefined}
      onChange={(e) => {
        setText(e.target.value);
        onChange(minorValue(e.target.value, currency));
      }}
      onBlur={onBlur}
    />
  );
}

type FieldProps<T extends FieldValues> = { control: Control<T>; name: Path<T>; label: string; currency: string; disabled?: boolean };

/** A money input in a Form.Item: unparsable text is explained in major units, other errors are the schema's. */
export function MoneyField<T extends FieldValues>({ control, name, label, currency, disabled }: FieldProps<T>) {
  const t = useTranslate();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const help = fieldState.error ? (moneyProblem(field.value, currency, label, t) ?? fieldState.error.message) : undefined;
        return (
          <Form.Item label={label} htmlFor={`field-${name}`} validateStatus={help ? "error" : undefined} help={help}>
            <MoneyInput id={`field-${name}`} value={field.value} onChange={field.onChange} onBlur={field.onBlur} currency={currency} disabled={disabled} />
          </Form.Item>
        );
      }}
    />
  );
}

/** A 6-digit one-time code: digits only, six at most, offered to the browser's one-time-code autofill. */
import { Input, type InputProps } from "antd";

type Props = Omit<InputProps, "onChange" | "value"> & { value?: string; onChange: (code: string) => void };

export function CodeInput({ onChange, style, ...rest }: Props) {
  return (
    <Input
      {...rest}
      // Six digits kept from whatever arrives: no maxLength, which would cut a pasted "123 456" to "123 45" first.
      onChange={(e) => onChange(e.target.value.replace(/\D/g, "").slice(0, 6))}
      inputMode="numeric"
      autoComplete="one-time-code"
      placeholder="000000"
      style={{ letterSpacing: 6, ...style }}
    />
  );
}

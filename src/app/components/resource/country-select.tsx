/** The "country" form field: a searchable Select of every country (by name or code); value = ISO alpha-2. */
import { Select } from "antd";
import { COUNTRY_OPTIONS, matchesCountry } from "./country-options.ts";

type Props = { id?: string; value?: string; onChange: (code: string) => void; onBlur?: () => void; placeholder?: string; disabled?: boolean };

export function CountrySelect({ id, value, onChange, onBlur, placeholder, disabled }: Props) {
  return (
    <Select
      id={id}
      showSearch
      value={value || undefined}
      onChange={onChange}
      onBlur={onBlur}
      options={COUNTRY_OPTIONS}
      filterOption={matchesCountry}
      placeholder={placeholder ?? "Select a country"}
      disabled={disabled}
      virtual
    />
  );
}

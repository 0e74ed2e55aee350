/** The "country" form field: a searchable Select of every country (by name or code); value = ISO alpha-2. */
import { useTranslate } from "@refinedev/core";
import { LaterSelect } from "../form/later-controls.tsx";
import { countryOptions, matchesCountry } from "./country-options.ts";

type Props = { id?: string; value?: string; onChange: (code: string) => void; onBlur?: () => void; placeholder?: string; disabled?: boolean };

export function CountrySelect({ id, value, onChange, onBlur, placeholder, disabled }: Props) {
  const t = useTranslate();
  return (
    <LaterSelect
      id={id}
      showSearch
      value={value || undefined}
      onChange={onChange}
      onBlur={onBlur}
      options={countryOptions()}
      filterOption={matchesCountry}
      placeholder={placeholder ?? t("resource.form.selectCountry")}
      disabled={disabled}
      virtual
    />
  );
}

/** A list's choice filters, one option or several, loaded after the list's first paint (filter-bar.tsx). */
import { useList } from "@refinedev/core";
import { Select } from "antd";
import type { Filter, Option, OptionsFrom } from "../../../../resources/define-resource.ts";

const allowed = (options: Option[], features: string[]) => options.filter((o) => !o.feature || features.includes(o.feature));

/** Options read from another resource, e.g. beneficiaries for the counterparty filter. */
function useOptions(from: OptionsFrom | undefined, fixed: Option[]): Option[] {
  const { result } = useList({
    resource: from?.resource ?? "",
    pagination: { pageSize: 100 },
    queryOptions: { enabled: !!from },
    meta: { params: from?.params },
  });
  if (!from) return fixed;
  return (result?.data ?? []).map((r) => ({ value: String(r.id), label: String((r as Record<string, unknown>)[from.labelField]) }));
}

type Props = { filter: Extract<Filter, { kind: "multi" | "select" }>; value: unknown; features: string[]; onChange: (v: unknown) => void };

export function FilterSelect({ filter, value, features, onChange }: Props) {
  const options = useOptions(filter.kind === "multi" ? filter.optionsFrom : undefined, filter.options);
  if (filter.kind === "select")
    return (
      <Select
        allowClear
        placeholder={filter.label}
        aria-label={filter.label}
        style={{ minWidth: 160 }}
        value={value as string | undefined}
        onChange={(v) => onChange(v)}
        options={allowed(options, features)}
      />
    );
  return (
    <Select
      mode="multiple"
      allowClear
      maxTagCount="responsive"
      placeholder={filter.label}
      aria-label={filter.label}
      style={{ minWidth: 200 }}
      value={(value as string[] | undefined) ?? []}
      onChange={(v) => onChange(v)}
      options={allowed(options, features)}
      optionFilterProp="label"
    />
  );
}

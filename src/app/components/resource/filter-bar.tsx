/** The list's search and filters, read from and written to the URL (through Refine's useTable). */
import { useEffect, useState } from "react";
import type { CrudFilter, LogicalFilter } from "@refinedev/core";
import { Input, Select, Space } from "antd";
import type { Filter, Option } from "../../../../resources/define-resource.ts";

type Props = {
  filters: Filter[];
  current: CrudFilter[];
  features: string[];
  onChange: (field: string, value: unknown) => void;
};

const valueOf = (current: CrudFilter[], field: string) => (current.find((f) => "field" in f && f.field === field) as LogicalFilter | undefined)?.value;
const allowed = (options: Option[], features: string[]) => options.filter((o) => !o.feature || features.includes(o.feature));

function SearchBox({ filter, value, onChange }: { filter: Extract<Filter, { kind: "search" }>; value: string; onChange: (v: string) => void }) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text === value) return;
    const t = setTimeout(() => onChange(text), filter.debounceMs ?? 500);
    return () => clearTimeout(t);
  }, [text, value, onChange, filter.debounceMs]);
  return <Input.Search allowClear placeholder={filter.placeholder} aria-label={filter.placeholder} value={text} onChange={(e) => setText(e.target.value)} onSearch={onChange} style={{ width: 280 }} />;
}

export function FilterBar({ filters, current, features, onChange }: Props) {
  return (
    <Space wrap style={{ marginBottom: 16 }}>
      {filters.map((f) => {
        switch (f.kind) {
          case "search":
            return <SearchBox key={f.field} filter={f} value={String(valueOf(current, f.field) ?? "")} onChange={(v) => onChange(f.field, v)} />;
          case "select":
          case "multi":
            return (
              <Select
                key={f.field}
                allowClear
                mode={f.kind === "multi" ? "multiple" : undefined}
                placeholder={f.label}
                aria-label={f.label}
                style={{ minWidth: 160 }}
                value={valueOf(current, f.field) as string | undefined}
                onChange={(v) => onChange(f.field, v)}
                options={allowed(f.options, features)}
              />
            );
          default:
            return null;
        }
      })}
    </Space>
  );
}

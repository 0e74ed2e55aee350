/** The list's search and filters, read from and written to the URL (through Refine's useTable). */
import { Suspense, useEffect, useMemo, useState } from "react";
import { useTranslate, type CrudFilter, type LogicalFilter } from "@refinedev/core";
import { Input, Space, Typography } from "antd";
import type { Filter } from "../../../../resources/define-resource.ts";
import { declaredFilters } from "./use-declared.ts";
import { lazyNamed } from "../../lib/lazy.ts";

const DatePickers = lazyNamed(() => import("./date-pickers.tsx"), "DatePickers");
/**
 * The choice filters come after the list's first paint: antd's Select is a page's largest control
 * (about 23 kB gzip). Until it arrives a disabled box of its size and name holds its place.
 */
const FilterSelect = lazyNamed(() => import("./filter-selects.tsx"), "FilterSelect");
const SELECT_WIDTH = { select: 160, multi: 200 } as const;
/** Both the pickers and the boxes that stand in for them while they load. */
const PICKER_WIDTH = 150;

type Props = {
  filters: Filter[];
  /** The resource that declares the filters: their texts are shown in the member's language (declared-text.ts). */
  resource?: string;
  current: CrudFilter[];
  features: string[];
  onChange: (field: string, value: unknown) => void;
};

const appliedValue = (current: CrudFilter[], field: string) => (current.find((f) => "field" in f && f.field === field) as LogicalFilter | undefined)?.value;

function SearchBox({ filter, value, onChange }: { filter: Extract<Filter, { kind: "search" }>; value: string; onChange: (v: string) => void }) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text === value) return;
    const t = setTimeout(() => onChange(text), filter.debounceMs ?? 500);
    return () => clearTimeout(t);
  }, [text, value, onChange, filter.debounceMs]);
  return (
    <Input.Search
      allowClear
      placeholder={filter.placeholder}
      aria-label={filter.placeholder}
      value={text}
      onChange={(e) => setText(e.target.value)}
      onSearch={onChange}
      style={{ width: 280 }}
    />
  );
}

/** From and to as two pickers: a from after the to is refused with the SPEC's message, unapplied. */
function DateRange({ filter, value, onChange }: { filter: Extract<Filter, { kind: "dateRange" }>; value: unknown; onChange: (v: unknown) => void }) {
  const t = useTranslate();
  const applied = (Array.isArray(value) ? value : []) as (string | undefined)[];
  const [from, setFrom] = useState<string | undefined>(applied[0]);
  const [to, setTo] = useState<string | undefined>(applied[1]);
  const invalid = !!from && !!to && from > to;
  useEffect(() => {
    if (invalid || (from === applied[0] && to === applied[1])) return;
    onChange(from || to ? [from, to] : undefined);
  }, [from, to]); // eslint-disable-line react-hooks/exhaustive-deps -- apply only on the user's change
  const labels = {
    from: t("resource.filters.rangeFrom", { label: filter.label }),
    to: t("resource.filters.rangeTo", { label: filter.label }),
    fromPlaceholder: t("resource.filters.dateFrom"),
    toPlaceholder: t("resource.filters.dateTo"),
  };
  return (
    <Space direction="vertical" size={0}>
      {/* Until the pickers arrive, two boxes of their size hold their place (disabled: nothing typed is lost). */}
      <Suspense
        fallback={
          <Space>
            <Input disabled aria-label={labels.from} placeholder={labels.fromPlaceholder} style={{ width: PICKER_WIDTH }} />
            <Input disabled aria-label={labels.to} placeholder={labels.toPlaceholder} style={{ width: PICKER_WIDTH }} />
          </Space>
        }
      >
        <DatePickers from={from} to={to} labels={labels} invalid={invalid} onFrom={setFrom} onTo={setTo} width={PICKER_WIDTH} />
      </Suspense>
      {invalid && (
        <Typography.Text type="danger" role="alert">
          {t("resource.filters.dateOrder")}
        </Typography.Text>
      )}
    </Space>
  );
}

export function FilterBar({ filters: declared, resource, current, features, onChange }: Props) {
  const t = useTranslate();
  const filters = useMemo(() => (resource ? declaredFilters(t, resource, declared) : declared), [t, resource, declared]);
  return (
    <Space wrap style={{ marginBottom: 16 }}>
      {filters.map((f) => {
        switch (f.kind) {
          case "search":
            return <SearchBox key={f.field} filter={f} value={String(appliedValue(current, f.field) ?? "")} onChange={(v) => onChange(f.field, v)} />;
          case "dateRange":
            return <DateRange key={f.field} filter={f} value={appliedValue(current, f.field)} onChange={(v) => onChange(f.field, v)} />;
          case "multi":
          case "select":
            return (
              <Suspense key={f.field} fallback={<Input disabled aria-label={f.label} placeholder={f.label} style={{ width: SELECT_WIDTH[f.kind] }} />}>
                <FilterSelect filter={f} value={appliedValue(current, f.field)} features={features} onChange={(v) => onChange(f.field, v)} />
              </Suspense>
            );
          default:
            return null;
        }
      })}
    </Space>
  );
}

/**
 * A settlement's payments on its details page (SPEC §2 Settlement details): the settlementPayments
 * declaration's search, filters and columns, paged by the server. Filters live in the component
 * (the details page's URL is the settlement's), sent as the declaration names them.
 */
import { useCallback, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import type { CrudFilter } from "@refinedev/core";
import { Alert, Empty, Table, Typography } from "antd";
import { pathGet } from "../../../../resources/define-resource.ts";
import { settlementEndpoints, settlementPayments, type SettlementPayment } from "../../../../resources/settlements.ts";
import { listQuery } from "../../providers/data-provider.ts";
import { FilterBar } from "../../components/resource/filter-bar.tsx";
import { renderValue } from "../../components/resource/renderers.tsx";
import { useResourceAccess } from "../../components/resource/use-resource-access.ts";
import { call } from "../../api/call.ts";
import { useDeclared } from "../../components/resource/use-declared.ts";

/** The list's query string as call() takes it: a parameter given more than once (`states[]`) as the list of its values. */
function queryOf(text: string): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const seen = query[key];
    query[key] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
  }
  return query;
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === "" || (Array.isArray(v) && v.every((x) => !x));

export function SettlementPayments({ settlementId }: { settlementId: string }) {
  const def = useDeclared(settlementPayments);
  const { features } = useResourceAccess(def);
  const [filters, setFilters] = useState<CrudFilter[]>([]);
  const [page, setPage] = useState(1);
  const onFilter = useCallback((field: string, value: unknown) => {
    setFilters((current) => [...current.filter((f) => !("field" in f) || f.field !== field), { field, operator: "eq", value }]);
    setPage(1);
  }, []);
  const query = listQuery(def, { currentPage: page, pageSize: def.pageSize }, filters);
  const result = useQuery({
    queryKey: [def.name, settlementId, query],
    queryFn: async () => (await call(settlementEndpoints.payments, { params: { id: settlementId }, query: queryOf(query) })).data,
    placeholderData: (previous) => previous,
    retry: false,
  });
  const filtered = filters.some((f) => "field" in f && !isEmpty(f.value));
  const state = filtered ? def.emptyFiltered : def.empty;
  const rows = result.data?.items ?? [];

  return (
    <>
      <FilterBar filters={settlementPayments.filters} resource={def.name} current={filters} features={features} onChange={onFilter} />
      {result.isError ? (
        <Alert type="error" showIcon message={def.errorMessage} description={(result.error as { message?: string })?.message} />
      ) : (
        <Table<SettlementPayment>
          rowKey="id"
          loading={result.isFetching}
          dataSource={rows}
          scroll={{ x: 800 }}
          columns={def.columns.map((c) => ({
            key: c.field,
            title: c.title,
            render: (_: unknown, r: SettlementPayment) => renderValue(c.render, pathGet(r, c.field), r, c.currencyField, c.quoteCurrencyField),
          }))}
          locale={{
            emptyText: result.isLoading ? (
              " "
            ) : (
              <Empty
                description={
                  <>
                    <Typography.Text strong>{state.title}</Typography.Text>
                    <br />
                    {state.body}
                  </>
                }
              />
            ),
          }}
          pagination={
            rows.length || page !== 1
              ? { current: page, pageSize: def.pageSize, total: result.data?.total_items, onChange: setPage, showSizeChanger: false }
              : false
          }
        />
      )}
    </>
  );
}

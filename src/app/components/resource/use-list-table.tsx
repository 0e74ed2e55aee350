/**
 * Refine's useTable (@refinedev/core) with the props antd's Table takes: its rows, loading state,
 * server pagination (page links that keep the filters and order, as Refine's own antd hook writes
 * them) and changes of page, page size and order. It stands in for @refinedev/antd's useTable, which
 * also sets up a search form through antd's Form and sunflower-antd that no list of ours uses: their
 * code (about 10 kB gzip) then travelled to every list before its first row.
 */
import { isValidElement, type ReactElement, type ReactNode } from "react";
import { useLink, useLiveMode, useTable as useCoreTable, type BaseRecord, type HttpError, type useTableProps } from "@refinedev/core";
import { Grid, type TablePaginationConfig, type TableProps } from "antd";
import type { SorterResult } from "antd/es/table/interface";

/** A page link: a real href (open in a new tab, read by assistive technology), while a click stays in the list. */
function PageLink({ to, children }: { to: string; children: ReactNode }) {
  const Link = useLink();
  return (
    <Link to={to} replace={false} onClick={(e: { preventDefault: () => void }) => e.preventDefault()}>
      {children}
    </Link>
  );
}

export function useListTable<Row extends BaseRecord>(props: useTableProps<Row, HttpError, Row>) {
  const table = useCoreTable<Row, HttpError, Row>(props);
  const { tableQuery, currentPage, pageSize, sorters, filters, setCurrentPage, setPageSize, setSorters, createLinkForSyncWithLocation } = table;
  const breakpoint = Grid.useBreakpoint();
  const liveMode = useLiveMode(props.liveMode);
  const paginated = props.pagination?.mode !== "off";
  const data = tableQuery.data;

  const itemRender: TablePaginationConfig["itemRender"] = (page, type, element) => {
    if (type !== "page" && type !== "next" && type !== "prev" && type !== "jump-next" && type !== "jump-prev") return element;
    const to = createLinkForSyncWithLocation({ pagination: { pageSize, currentPage: page }, sorters, filters });
    if (type === "page") return <PageLink to={to}>{page}</PageLink>;
    if (type === "next" || type === "prev") return <PageLink to={to}>{element}</PageLink>;
    const inner = isValidElement(element) ? (element as ReactElement<{ children?: ReactNode }>).props.children : element;
    return <PageLink to={to}>{inner}</PageLink>;
  };

  const onChange: TableProps<Row>["onChange"] = (pagination, _filters, sorter) => {
    const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<Row> | undefined;
    if (s && Object.keys(s).length > 0) {
      const field = String(s.columnKey ?? s.field ?? "");
      setSorters(field && s.order ? [{ field, order: s.order === "descend" ? "desc" : "asc" }] : []);
    }
    if (paginated) {
      setCurrentPage(pagination.current || 1);
      setPageSize(pagination.pageSize || 10);
    }
  };

  const tableProps: TableProps<Row> = {
    dataSource: data?.data,
    loading: liveMode === "auto" ? tableQuery.isLoading : !tableQuery.isFetched,
    onChange,
    pagination: paginated
      ? {
          itemRender,
          pageSize,
          current: currentPage,
          simple: !breakpoint.sm,
          position: !breakpoint.sm ? ["bottomCenter"] : ["bottomRight"],
          total: data?.total,
        }
      : false,
    scroll: { x: true },
  };
  return { ...table, tableProps };
}

/**
 * Refine's useTable (@refinedev/core) with the props antd's Table takes: its rows, loading state,
 * server pagination (page links that keep the filters and order, as Refine's own antd hook writes
 * them) and changes of page, page size and order. It stands in for @refinedev/antd's useTable, which
 * also sets up a search form through antd's Form and sunflower-antd that no list of ours uses: their
 * code (about 10 kB gzip) then travelled to every list before its first row.
 */
import { isValidElement, type ReactElement, type ReactNode, useMemo } from "react";
import { useLink, useLiveMode, useTable as useCoreTable, type BaseRecord, type HttpError, type useTableProps } from "@refinedev/core";
import { Grid, type TablePaginationConfig, type TableProps } from "antd";
import type { SorterResult } from "antd/es/table/interface";
import { useStableCallback } from "../../hooks/use-stable-callback.ts";

/** A page link: a real href (open in a new tab, read by assistive technology), while a click stays in the list. */
function PageLink({ to, children }: { to: string; children: ReactNode }) {
  const Link = useLink();
  return (
    <Link to={to} replace={false} onClick={(e: { preventDefault: () => void }) => e.preventDefault()}>
      {children}
    </Link>
  );
}

const AT_RIGHT: TablePaginationConfig["position"] = ["bottomRight"];
const CENTRED: TablePaginationConfig["position"] = ["bottomCenter"];
/** A table as wide as its cells, scrolling sideways inside its card when the card is narrower. */
const SCROLL: TableProps["scroll"] = { x: true };

/**
 * The table's props keep their identity while what they say is the same: a list's table is memoised
 * (resource-list.tsx), and each render of antd's Table renders every row again.
 */
export function useListTable<Row extends BaseRecord>(props: useTableProps<Row, HttpError, Row>) {
  const table = useCoreTable<Row, HttpError, Row>(props);
  const { tableQuery, currentPage, pageSize, sorters, filters, setCurrentPage, setPageSize, setSorters, createLinkForSyncWithLocation } = table;
  const sm = Grid.useBreakpoint().sm;
  const liveMode = useLiveMode(props.liveMode);
  const paginated = props.pagination?.mode !== "off";
  const data = tableQuery.data;
  const total = data?.total;

  // A page's link as the URL is now: the pager writes its links while the table renders, which it does
  // whenever the rows change (another filter, tab or order brings other rows).
  const linkTo = useStableCallback((page: number) => createLinkForSyncWithLocation({ pagination: { pageSize, currentPage: page }, sorters, filters }));
  const pagination = useMemo((): TablePaginationConfig | false => {
    if (!paginated) return false;
    const itemRender: TablePaginationConfig["itemRender"] = (page, type, element) => {
      if (type !== "page" && type !== "next" && type !== "prev" && type !== "jump-next" && type !== "jump-prev") return element;
      const to = linkTo(page);
      if (type === "page") return <PageLink to={to}>{page}</PageLink>;
      if (type === "next" || type === "prev") return <PageLink to={to}>{element}</PageLink>;
      const inner = isValidElement(element) ? (element as ReactElement<{ children?: ReactNode }>).props.children : element;
      return <PageLink to={to}>{inner}</PageLink>;
    };
    return { itemRender, pageSize, current: currentPage, simple: !sm, position: sm ? AT_RIGHT : CENTRED, total };
  }, [paginated, pageSize, currentPage, sm, total, linkTo]);

  const onChange = useStableCallback<Parameters<NonNullable<TableProps<Row>["onChange"]>>, void>((pagination, _filters, sorter) => {
    const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<Row> | undefined;
    if (s && Object.keys(s).length > 0) {
      const field = String(s.columnKey ?? s.field ?? "");
      setSorters(field && s.order ? [{ field, order: s.order === "descend" ? "desc" : "asc" }] : []);
    }
    if (paginated) {
      setCurrentPage(pagination.current || 1);
      setPageSize(pagination.pageSize || 10);
    }
  });

  const dataSource = data?.data;
  const loading = liveMode === "auto" ? tableQuery.isLoading : !tableQuery.isFetched;
  const tableProps = useMemo(
    (): TableProps<Row> => ({ dataSource, loading, onChange, pagination, scroll: SCROLL }),
    [dataSource, loading, onChange, pagination],
  );
  return { ...table, tableProps };
}

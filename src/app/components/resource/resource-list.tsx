/**
 * The generic list screen: header, filters, a server-paginated table, row click to the record (its
 * page, or its bespoke details modal), the filtered and unfiltered empty states and the error state,
 * all from the declaration. A bespoke page may host it (`embedded`), fix some of its parameters and
 * fill its `hosted` tabs.
 */
import { memo, Suspense, useCallback, useEffect, useMemo, useRef, useState, type CSSProperties, type ReactNode } from "react";
import { useScreens } from "./screens.tsx";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { useListTable } from "./use-list-table.tsx";
import type { CrudFilter } from "@refinedev/core";
import { Alert, Button, Card, Drawer, Flex, Skeleton, Table, Tabs, Typography, theme, type TableProps } from "antd";
import type { ResourceDef } from "../../../../resources/define-resource.ts";
import { FilterBar } from "./filter-bar.tsx";
import { ResourceFormOnDemand, loadResourceForm } from "./resource-form-on-demand.tsx";
import { useResourceAccess } from "./use-resource-access.ts";
import { RecordEditor } from "./record-editor.tsx";
import { SummaryTiles } from "./summary-tiles.tsx";
import { CreateButton, useCreateScreen } from "./create-button.tsx";
import { useListColumns } from "./list-columns.tsx";
import { EmptyMessage, LockedNotice } from "./list-states.tsx";
import { withId } from "../../providers/data-provider.ts";
import { lazyNamed, prefetchWhenIdle } from "../../lib/lazy.ts";
import { useListShaping } from "./list-shaping.tsx";
import { VIEW_PARAM } from "./list-url-state.ts";
import { useListShortcuts } from "./use-list-shortcuts.ts";
import { PageTitle } from "../layout/page-title.tsx";
import { useDeclared } from "./use-declared.ts";
import { useStableCallback } from "../../hooks/use-stable-callback.ts";

const ListShortcutsHelp = lazyNamed(() => import("./list-shortcuts-help.tsx"), "ListShortcutsHelp");

/**
 * antd's Table renders every row again each time it renders. Memoised, it renders when one of its
 * props changes: the rows, the columns, the page, a highlight. The list around it renders nine times
 * on its way in (the session's reads, its saved views, the column choice), and each of those used to
 * render the rows again: three renders of the rows a /transactions load (30 date cells formatted for
 * 10 rows, now 10), each a long task of 100-200 ms on a slow machine (bench/lib/page-profile.ts).
 * The cast gives back the row type parameter that memo's type drops.
 */
const MemoTable = memo(Table) as unknown as typeof Table;
/** Rows wider than the card (a column kept at the right edge) scroll under it. */
const SCROLL_UNDER_FIXED: TableProps["scroll"] = { x: "max-content" };

const initialFilters = (def: ResourceDef): CrudFilter[] =>
  def.filters.flatMap((f) => (f.kind === "select" && f.initial ? [{ field: f.field, operator: "eq" as const, value: f.initial }] : []));

/** A list counts as filtered when a filter differs from where the list starts. */
function isFiltered(def: ResourceDef, filters: CrudFilter[]) {
  const start = initialFilters(def);
  return filters.some((f) => {
    if (!("field" in f)) return false;
    const v = f.value;
    const empty = v === undefined || v === null || v === "" || (Array.isArray(v) && v.length === 0);
    const initial = start.find((s) => "field" in s && s.field === f.field)?.value;
    return !empty && v !== initial;
  });
}

/**
 * With an aside: the panel beside the table, on the right, and above it once the two no longer fit
 * side by side (row-reverse keeps the panel first in reading order). The aside places itself with
 * the style it is given, so an aside with nothing to show leaves no gap.
 */
const ASIDE_LAYOUT: CSSProperties = { display: "flex", flexDirection: "row-reverse", flexWrap: "wrap", alignItems: "flex-start", gap: 16 };
const ASIDE_ITEM: CSSProperties = { flex: "1 1 340px", minWidth: 0 };
const TABLE_ITEM: CSSProperties = { flex: "999 1 560px", minWidth: 0 };

type Props<Row> = {
  def: ResourceDef<Row>;
  /** Inside a bespoke page that has its own header: no title, subtitle or create button above the list. */
  embedded?: boolean;
  /** With `embedded`: the subtitle and the create button at the top of the list's card (a Developers tab). */
  intro?: boolean;
  /** False: the page and the filters are kept by the list, not in the URL (a host page whose URL says other things). */
  inUrl?: boolean;
  /** List parameters the hosting page fixes (e.g. the chosen currency); while one is still unknown (empty) the list waits. */
  params?: Record<string, string>;
  /** What the hosting page shows in the declaration's `hosted` tabs, by tab key. */
  tabPanels?: Record<string, ReactNode>;
};

/** A chosen saved view starts the list afresh from the URL it wrote: Refine's useTable reads the URL when it mounts. */
export function ResourceList<Row extends { id: string }>(props: Props<Row>) {
  const [params] = useSearchParams();
  return <ListBody<Row> key={props.inUrl === false ? "" : (params.get(VIEW_PARAM) ?? "")} {...props} />;
}

function ListBody<Row extends { id: string }>({ def: declared, embedded = false, intro = false, inUrl = true, params: hostParams, tabPanels }: Props<Row>) {
  // Every declared text (title, columns, filters, tabs, empty states) in the member's language.
  const def = useDeclared(declared);
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const screens = useScreens();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const { canCreate, canEdit, features, can } = useResourceAccess(def as ResourceDef);
  const create = useCreateScreen(def as ResourceDef);
  const [editing, setEditing] = useState<Row | null>(null);
  const [viewing, setViewing] = useState<string | null>(null);
  const tabs = (def.tabs ?? []).filter((t) => !t.access || can(t.access.obj, t.access.act));
  const tab = tabs.find((t) => t.key === params.get("tab")) ?? tabs[0];
  const locked = def.lockedFeature && !features.includes(def.lockedFeature.feature);
  const waiting = Object.values(hostParams ?? {}).some((v) => !v);
  const { tableProps, filters, setFilters, sorters, setSorters, setCurrentPage, setPageSize, tableQuery } = useListTable<Row>({
    resource: def.name,
    meta: { params: hostParams ? { ...tab?.params, ...hostParams } : tab?.params },
    // A hosted tab shows something else: the list is read once its own tab is chosen.
    queryOptions: { enabled: !locked && !waiting && !tab?.hosted },
    syncWithLocation: inUrl,
    pagination: { pageSize: def.pageSize },
    filters: { initial: initialFilters(def as ResourceDef), defaultBehavior: "merge" },
    errorNotification: false,
  });
  const shaping = useListShaping(def as ResourceDef, {
    state: { filters, sorters, tab: tab?.key },
    viewId: params.get(VIEW_PARAM) ?? "",
    views: inUrl && !embedded,
  });
  // Sorting and paging by hand: a new order starts at page 1, and a page change keeps the order.
  const onTableChange = useStableCallback<Parameters<NonNullable<TableProps<Row>["onChange"]>>, void>((pagination, _filters, sorter, { action }) => {
    if (action === "sort") {
      const s = Array.isArray(sorter) ? sorter[0] : sorter;
      const key = def.columns.find((c) => c.field === s?.columnKey)?.sort;
      setSorters(key && s.order ? [{ field: key, order: s.order === "descend" ? "desc" : "asc" }] : []);
      setCurrentPage(1);
    } else if (action === "paginate") {
      setCurrentPage(pagination.current ?? 1);
      setPageSize(pagination.pageSize ?? def.pageSize);
    }
  });

  const onFilter = useCallback((field: string, value: unknown) => setFilters([{ field, operator: "eq", value }], "merge"), [setFilters]);
  const { adding, createPage, open: openAdd, close: closeAdd } = create;
  // ?add-new=true (a link from elsewhere) opens the create page when the resource creates on a page.
  useEffect(() => {
    if (createPage && adding && canCreate) navigate(createPage, { replace: true });
  }, [createPage, adding, canCreate, navigate]);

  const rows = tableProps.dataSource ?? [];
  const loading = tableQuery.isLoading;
  const state = isFiltered(def as ResourceDef, filters) ? def.emptyFiltered : (tab?.empty ?? def.empty);
  const createButton = useMemo(() => canCreate && <CreateButton def={def as ResourceDef} />, [canCreate, def]);
  const introShown = embedded && intro;
  // A create page is routed (resource-form-pages.tsx); only a create modal is hosted by the list.
  const CustomCreate = def.createComponent && !createPage ? screens.create[def.createComponent] : undefined;
  const Details = def.detailsModal ? screens.details[def.detailsModal] : undefined;
  const Aside = def.aside ? screens.aside[def.aside] : undefined;
  const editsRows = def.columns.some((c) => c.render === "actions" || c.render === "buttons") || !!Details;
  // The Create drawer's form (the edit modal's is fetched by RecordEditor, mounted when it can open).
  const createsInDrawer = !!def.create && canCreate && !CustomCreate && !createPage;
  useEffect(() => {
    if (createsInDrawer) prefetchWhenIdle(loadResourceForm);
  }, [createsInDrawer]);
  // A row's Edit: the edit page when the resource has one, else the edit modal here.
  const editRow = canEdit ? (r: Row) => (def.routes.edit ? navigate(withId(def.routes.edit, r.id)) : setEditing(r)) : undefined;
  const columns = useListColumns(def, editRow, { sorters, shown: shaping.shown });
  const openRow = useStableCallback((r: Row) =>
    def.routes.show ? navigate(def.routes.show.replace(":id", r.id) + (def.showAs === "modal" ? location.search : "")) : setViewing(r.id),
  );
  const opens = !!(def.routes.show || Details);
  const card = useRef<HTMLDivElement>(null);
  const shortcuts = useListShortcuts({
    container: card,
    rowIds: rows.map((r) => r.id),
    searchLabel: def.filters.find((f) => f.kind === "search")?.placeholder,
    onOpen: opens ? (i) => openRow(rows[i]) : undefined,
    enabled: !locked && !waiting && !tab?.hosted,
  });

  const highlight = shortcuts.highlight;
  const onRow = useCallback(
    (r: Row, i?: number) => ({
      ...(opens ? { onClick: () => openRow(r), style: { cursor: "pointer" } } : {}),
      // The row j / k reached: marked for assistive technology, and shown as antd shows a selected row.
      ...(i === highlight ? { "aria-current": true, className: "ant-table-row-selected" } : {}),
    }),
    [opens, highlight, openRow],
  );
  const fixedColumn = def.columns.some((c) => c.fixed);
  const locale = useMemo(
    () => ({ emptyText: loading ? " " : <EmptyMessage state={state}>{state === def.empty && !introShown && createButton}</EmptyMessage> }),
    [loading, state, def.empty, introShown, createButton],
  );

  const table = tableQuery.isError ? (
    <Alert type="error" showIcon message={def.errorMessage} description={(tableQuery.error as { message?: string })?.message} />
  ) : (
    <MemoTable<Row>
      {...tableProps}
      onChange={onTableChange}
      rowKey="id"
      loading={loading}
      onRow={onRow}
      columns={columns}
      scroll={fixedColumn ? SCROLL_UNDER_FIXED : tableProps.scroll}
      locale={locale}
      pagination={rows.length || (tableProps.pagination && tableProps.pagination.current !== 1) ? tableProps.pagination : false}
    />
  );
  const listContent = waiting ? (
    <Skeleton active />
  ) : (
    <>
      {shaping.bar}
      <Flex justify="space-between" align="flex-start" gap={8} wrap>
        {def.filters.length > 0 ? <FilterBar filters={def.filters} current={filters} features={features} onChange={onFilter} /> : <span />}
        {shaping.chooser}
      </Flex>
      {table}
    </>
  );
  // With hosted tabs each tab holds its own content; otherwise the tabs only switch the list's parameters.
  const hasHosted = tabs.some((t) => t.hosted);
  const tabContent = (key: string, hosted?: true) => (hosted ? tabPanels?.[key] : key === tab?.key ? listContent : null);

  return (
    <>
      {!embedded && (
        <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
          <div>
            <PageTitle style={{ margin: 0 }}>{def.title}</PageTitle>
            <Typography.Text type="secondary">{def.subtitle}</Typography.Text>
          </div>
          {createButton}
        </Flex>
      )}
      {def.banner && canCreate && (
        <Card style={{ marginBottom: 16, background: `linear-gradient(90deg, ${token.colorPrimaryBg}, ${token.colorBgContainer})` }}>
          <Flex justify="space-between" align="center" wrap gap={12}>
            <div>
              <Typography.Title level={5} style={{ margin: 0 }}>
                {def.banner.title}
              </Typography.Title>
              <Typography.Text type="secondary">{def.banner.body}</Typography.Text>
            </div>
            <Button type="primary" onClick={() => openAdd()}>
              {def.banner.action}
            </Button>
          </Flex>
        </Card>
      )}
      {!locked && def.summary && <SummaryTiles def={def as ResourceDef} />}
      {locked ? (
        <LockedNotice name={def.lockedFeature!.name} />
      ) : (
        <div style={Aside ? ASIDE_LAYOUT : undefined}>
          {Aside && (
            <Suspense fallback={null}>
              <Aside style={ASIDE_ITEM} />
            </Suspense>
          )}
          <Card ref={card} style={Aside ? TABLE_ITEM : undefined}>
            {introShown && (
              <Flex justify="space-between" align="center" gap={12} wrap style={{ marginBottom: 16 }}>
                <Typography.Text type="secondary">{def.subtitle}</Typography.Text>
                {createButton}
              </Flex>
            )}
            {tabs.length > 0 && (
              <Tabs
                activeKey={tab?.key}
                onChange={(key) =>
                  setParams((p) => {
                    p.set("tab", key);
                    p.delete("currentPage");
                    return p;
                  })
                }
                items={tabs.map((t) => ({ key: t.key, label: t.label, ...(hasHosted ? { children: tabContent(t.key, t.hosted) } : {}) }))}
              />
            )}
            {!hasHosted && listContent}
          </Card>
        </div>
      )}
      {shortcuts.helpOpen && (
        <Suspense fallback={null}>
          <ListShortcutsHelp open onClose={shortcuts.closeHelp} />
        </Suspense>
      )}
      {CustomCreate && (
        <Suspense fallback={null}>
          <CustomCreate open={adding && canCreate} onClose={closeAdd} />
        </Suspense>
      )}
      {def.create && !CustomCreate && !createPage && (
        <Drawer title={def.createLabel} open={adding && canCreate} onClose={closeAdd} width={520} destroyOnClose>
          <ResourceFormOnDemand def={def as ResourceDef} mode="create" onDone={closeAdd} />
        </Drawer>
      )}
      {Details && (
        <Suspense fallback={null}>
          <Details
            id={viewing}
            onClose={() => setViewing(null)}
            onEdit={
              editRow &&
              ((r) => {
                setViewing(null);
                editRow(r as unknown as Row);
              })
            }
          />
        </Suspense>
      )}
      {editsRows && canEdit && !def.routes.edit && (
        <RecordEditor
          def={def as ResourceDef}
          open={!!editing}
          record={editing as (Record<string, unknown> & { id: string }) | null}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}

/**
 * The generic list screen: header, filters in the URL, a server-paginated table, row click to the
 * record, the filtered and unfiltered empty states and the error state, all from the declaration.
 */
import { Suspense, useCallback, useEffect, useState, type CSSProperties } from "react";
import { useScreens } from "./screens.tsx";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { useTable } from "@refinedev/antd";
import type { CrudFilter } from "@refinedev/core";
import { Alert, Button, Card, Drawer, Empty, Flex, Table, Tabs, Typography } from "antd";
import { PlusOutlined } from "@ant-design/icons";
import type { ResourceDef } from "../../../../resources/define-resource.ts";
import { editableInState, pathGet } from "../../../../resources/define-resource.ts";
import { renderFlags, renderValue } from "./renderers.tsx";
import { FilterBar } from "./filter-bar.tsx";
import { ResourceForm } from "./resource-form.tsx";
import { useResourceAccess } from "./use-resource-access.ts";
import { RecordMenu } from "./record-actions.tsx";
import { RecordEditor } from "./record-editor.tsx";
import { SummaryTiles } from "./summary-tiles.tsx";
import { withId } from "../../providers/data-provider.ts";

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

export function ResourceList<Row extends { id: string }>({ def, embedded = false }: { def: ResourceDef<Row>; embedded?: boolean }) {
  const navigate = useNavigate();
  const screens = useScreens();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const { canCreate, canEdit, features, can } = useResourceAccess(def as ResourceDef);
  const [editing, setEditing] = useState<Row | null>(null);
  const tabs = (def.tabs ?? []).filter((t) => !t.access || can(t.access.obj, t.access.act));
  const tab = tabs.find((t) => t.key === params.get("tab")) ?? tabs[0];
  const locked = def.lockedFeature && !features.includes(def.lockedFeature.feature);
  const { tableProps, filters, setFilters, tableQuery } = useTable<Row>({
    resource: def.name,
    meta: { params: tab?.params },
    queryOptions: { enabled: !locked },
    syncWithLocation: true,
    pagination: { pageSize: def.pageSize },
    filters: { initial: initialFilters(def as ResourceDef), defaultBehavior: "merge" },
    sorters: { mode: "off" },
    errorNotification: false,
  });

  const onFilter = useCallback((field: string, value: unknown) => setFilters([{ field, operator: "eq", value }], "merge"), [setFilters]);
  const adding = params.get("add-new") === "true";
  const closeAdd = () =>
    setParams((p) => {
      p.delete("add-new");
      return p;
    });
  const createPage = def.createOpens === "page" && def.routes.create;
  // ?add-new=true (a link from elsewhere) opens the create page when the resource creates on a page.
  useEffect(() => {
    if (createPage && adding && canCreate) navigate(def.routes.create!, { replace: true });
  }, [createPage, adding, canCreate, navigate, def.routes.create]);
  const openAdd = () =>
    createPage
      ? navigate(def.routes.create!)
      : setParams((p) => {
          p.set("add-new", "true");
          return p;
        });

  const rows = tableProps.dataSource ?? [];
  const loading = tableQuery.isLoading;
  const state = isFiltered(def as ResourceDef, filters) ? def.emptyFiltered : (tab?.empty ?? def.empty);
  const createButton = canCreate && (
    <Button type="primary" icon={<PlusOutlined />} onClick={openAdd}>
      {def.createLabel ?? "Create"}
    </Button>
  );
  // A create page is routed (resource-pages.tsx); only a create modal is hosted by the list.
  const CustomCreate = def.createComponent && !createPage ? screens.create[def.createComponent] : undefined;
  const Aside = def.aside ? screens.aside[def.aside] : undefined;
  const hasRowMenu = def.columns.some((c) => c.render === "actions");
  // A row's Edit: the edit page when the resource has one, else the edit modal here.
  const editRow = canEdit ? (r: Row) => (def.routes.edit ? navigate(withId(def.routes.edit, r.id)) : setEditing(r)) : undefined;

  return (
    <>
      {!embedded && (
        <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
          <div>
            <Typography.Title level={3} style={{ margin: 0 }}>
              {def.title}
            </Typography.Title>
            <Typography.Text type="secondary">{def.subtitle}</Typography.Text>
          </div>
          {createButton}
        </Flex>
      )}
      {def.banner && canCreate && (
        <Card style={{ marginBottom: 16, background: "linear-gradient(90deg, #eef4ff, #ffffff)" }}>
          <Flex justify="space-between" align="center" wrap gap={12}>
            <div>
              <Typography.Title level={5} style={{ margin: 0 }}>
                {def.banner.title}
              </Typography.Title>
              <Typography.Text type="secondary">{def.banner.body}</Typography.Text>
            </div>
            <Button type="primary" onClick={openAdd}>
              {def.banner.action}
            </Button>
          </Flex>
        </Card>
      )}
      {!locked && def.summary && <SummaryTiles def={def as ResourceDef} />}
      {locked ? (
        <Card>
          <Empty
            description={
              <>
                <Typography.Text strong>{`No ${def.lockedFeature!.name}`}</Typography.Text>
                <br />
                {`No ${def.lockedFeature!.name} have been created in this account yet. Complete your KYC to have full access`}
              </>
            }
          />
        </Card>
      ) : (
        <div style={Aside ? ASIDE_LAYOUT : undefined}>
          {Aside && (
            <Suspense fallback={null}>
              <Aside style={ASIDE_ITEM} />
            </Suspense>
          )}
          <Card style={Aside ? TABLE_ITEM : undefined}>
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
                items={tabs.map((t) => ({ key: t.key, label: t.label }))}
              />
            )}
            {def.filters.length > 0 && <FilterBar filters={def.filters} current={filters} features={features} onChange={onFilter} />}
            {tableQuery.isError ? (
              <Alert type="error" showIcon message={def.errorMessage} description={(tableQuery.error as { message?: string })?.message} />
            ) : (
              <Table<Row>
                {...tableProps}
                rowKey="id"
                loading={loading}
                onRow={(r) =>
                  def.routes.show
                    ? {
                        onClick: () => navigate(def.routes.show!.replace(":id", r.id) + (def.showAs === "modal" ? location.search : "")),
                        style: { cursor: "pointer" },
                      }
                    : {}
                }
                columns={def.columns.map((c) => ({
                  key: c.field,
                  title: c.title,
                  width: c.width,
                  render: (_: unknown, r: Row) =>
                    c.render === "actions" ? (
                      <RecordMenu
                        def={def as ResourceDef}
                        record={r as Row & { state?: string }}
                        onEdit={editRow && editableInState(def, r) ? () => editRow(r) : undefined}
                      />
                    ) : (
                      <>
                        {renderValue(c.render, pathGet(r, c.field), r, c.currencyField, c.quoteCurrencyField)}
                        {renderFlags(c.flags, r)}
                      </>
                    ),
                }))}
                locale={{
                  emptyText: loading ? (
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
                    >
                      {state === def.empty && createButton}
                    </Empty>
                  ),
                }}
                pagination={rows.length || (tableProps.pagination && tableProps.pagination.current !== 1) ? tableProps.pagination : false}
              />
            )}
          </Card>
        </div>
      )}
      {CustomCreate && (
        <Suspense fallback={null}>
          <CustomCreate open={adding && canCreate} onClose={closeAdd} />
        </Suspense>
      )}
      {def.create && !CustomCreate && !createPage && (
        <Drawer title={def.createLabel} open={adding && canCreate} onClose={closeAdd} width={520} destroyOnClose>
          <ResourceForm def={def as ResourceDef} mode="create" onDone={closeAdd} />
        </Drawer>
      )}
      {hasRowMenu && canEdit && (
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

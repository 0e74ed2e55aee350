/**
 * The members list (SPEC §7 GET users, §9: 10 a page, email search after 1000 ms) from the users
 * declaration, kept in the URL like the generic list, with a row click and a 'View' action opening
 * the details panel and a menu of the state actions the signed-in member may run.
 */
import { useCallback } from "react";
import { useListTable } from "../../../components/resource/use-list-table.tsx";
import { type LogicalFilter, useTranslate } from "@refinedev/core";
import { Alert, Button, Dropdown, Empty, Space, Table, Typography } from "antd";
import { MoreOutlined } from "@ant-design/icons";
import { users, type BusinessUser } from "../../../../../resources/users.ts";
import { pathGet } from "../../../../../resources/define-resource.ts";
import { FilterBar } from "../../../components/resource/filter-bar.tsx";
import { renderValue } from "../../../components/resource/renderers.tsx";
import { useSession } from "../../../session/session.tsx";
import { useMemberActions } from "./use-team.ts";

export function UsersTable({ onOpen }: { onOpen: (m: BusinessUser) => void }) {
  const { session } = useSession();
  const t = useTranslate();
  const titles: Record<string, string> = {
    user: t("settings.users.name"),
    email: t("settings.users.email"),
    position: t("settings.users.position"),
    roles: t("settings.users.roles"),
    state: t("settings.users.status"),
  };
  const { tableProps, filters, setFilters, tableQuery } = useListTable<BusinessUser>({
    resource: users.name,
    syncWithLocation: true,
    pagination: { pageSize: users.pageSize },
    filters: { defaultBehavior: "merge" },
    sorters: { mode: "off" },
    errorNotification: false,
  });
  const onFilter = useCallback((field: string, value: unknown) => setFilters([{ field, operator: "eq", value }], "merge"), [setFilters]);

  const filtered = filters.some((f) => "field" in f && (f as LogicalFilter).value !== undefined && (f as LogicalFilter).value !== "");
  const state = filtered
    ? { title: t("settings.users.emptyFiltered.title"), body: t("settings.users.emptyFiltered.body") }
    : { title: t("settings.users.empty.title"), body: t("settings.users.empty.body") };
  const rows = tableProps.dataSource ?? [];
  const loading = tableQuery.isLoading;

  if (tableQuery.isError) {
    return <Alert type="error" showIcon message={t("settings.users.loadError")} description={(tableQuery.error as { message?: string })?.message} />;
  }
  return (
    <>
      <FilterBar filters={users.filters} current={filters} features={session?.features ?? []} onChange={onFilter} />
      <Table<BusinessUser>
        {...tableProps}
        rowKey="id"
        loading={loading}
        onRow={(r) => ({ onClick: () => onOpen(r), style: { cursor: "pointer" } })}
        columns={[
          ...users.columns.map((c) => ({
            key: c.field,
            title: titles[c.field] ?? c.title,
            render: (_: unknown, r: BusinessUser) => renderValue(c.render, pathGet(r, c.field), r),
          })),
          { key: "action", title: t("settings.users.action"), render: (_: unknown, r: BusinessUser) => <RowActions member={r} onOpen={onOpen} /> },
        ]}
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
            />
          ),
        }}
        pagination={rows.length || (tableProps.pagination && tableProps.pagination.current !== 1) ? tableProps.pagination : false}
      />
    </>
  );
}

/** 'View', and a menu only when the member may be acted on (never for the owner or oneself). */
function RowActions({ member, onOpen }: { member: BusinessUser; onOpen: (m: BusinessUser) => void }) {
  const t = useTranslate();
  const { actions } = useMemberActions(member);
  return (
    // The row opens the panel on click: the action cell's own clicks must not do it twice.
    <Space size={4} onClick={(e) => e.stopPropagation()}>
      <Button type="link" size="small" onClick={() => onOpen(member)}>
        {t("settings.users.view")}
      </Button>
      {actions.length > 0 && (
        <Dropdown
          trigger={["click"]}
          menu={{
            items: actions.map((a) => ({ key: a.key, label: a.label, danger: a.danger })),
            onClick: ({ key }) => actions.find((a) => a.key === key)?.run(),
          }}
        >
          <Button type="text" size="small" aria-label={t("settings.users.moreActions")} icon={<MoreOutlined />} />
        </Dropdown>
      )}
    </Space>
  );
}

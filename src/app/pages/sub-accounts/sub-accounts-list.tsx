/**
 * /sub-accounts?currency= (SPEC §2 Sub-Accounts): a currency picker, the master account of that
 * currency (balance, number of sub-accounts), a create menu, and tabs 'List of sub-accounts' and
 * 'Recent transactions'. Columns, filters and texts come from the subAccounts declaration.
 */
import { Suspense, useCallback, useEffect, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { useTable } from "@refinedev/antd";
import { Alert, Button, Card, Dropdown, Empty, Flex, Select, Skeleton, Statistic, Table, Tabs, Tag, Typography } from "antd";
import { DownOutlined, PlusOutlined } from "@ant-design/icons";
import { pathGet } from "../../../../resources/define-resource.ts";
import { subAccountEndpoints, subAccounts, SUB_ACCOUNT_STATE_LABELS, type MasterAccount, type SubAccount } from "../../../../resources/sub-accounts.ts";
import { accountEndpoints } from "../../../../resources/accounts.ts";
import { call } from "../../api/call.ts";
import { formatMoney } from "../../../lib/money.ts";
import { FilterBar } from "../../components/resource/filter-bar.tsx";
import { renderValue, statusColor } from "../../components/resource/renderers.tsx";
import { useResourceAccess } from "../../components/resource/use-resource-access.ts";
import { OwnerTransactions } from "../../components/money/owner-transactions.tsx";
import { useScreens } from "../../components/resource/screens.tsx";

export const LOCKED_MESSAGE = "You do not have sub-accounts enabled on your account. Please contact support to enable sub-accounts";

export function SubAccountState({ state }: { state: string }) {
  return <Tag color={statusColor(state)}>{SUB_ACCOUNT_STATE_LABELS[state] ?? state}</Tag>;
}

function useCurrencies() {
  const [currencies, setCurrencies] = useState<string[] | null>(null);
  useEffect(() => {
    call(accountEndpoints.list, { query: { page: 1, limit: 10 } })
      .then((r) => setCurrencies([...new Set(r.data.items.filter((a) => a.state === "ACTIVE").map((a) => a.currency))]))
      .catch(() => setCurrencies([]));
  }, []);
  return currencies;
}

function useMaster(currency: string, version: number) {
  const [state, setState] = useState<{ master?: MasterAccount; error?: boolean }>({});
  useEffect(() => {
    if (!currency) return;
    setState({});
    call(subAccountEndpoints.master, { query: { currency } })
      .then((r) => setState({ master: r.data }))
      .catch(() => setState({ error: true }));
  }, [currency, version]);
  return state;
}

function SubAccountTable({ currency, masterId, createButton }: { currency: string; masterId?: string; createButton: React.ReactNode }) {
  const navigate = useNavigate();
  const { features } = useResourceAccess(subAccounts);
  const { tableProps, filters, setFilters, tableQuery } = useTable<SubAccount>({
    resource: subAccounts.name,
    meta: { params: { currency, ...(masterId ? { parent_account_id: masterId } : {}) } },
    syncWithLocation: false,
    pagination: { pageSize: subAccounts.pageSize },
    sorters: { mode: "off" },
    errorNotification: false,
  });
  const onFilter = useCallback((field: string, value: unknown) => setFilters([{ field, operator: "eq", value }], "merge"), [setFilters]);
  useEffect(() => {
    const refresh = () => tableQuery.refetch();
    window.addEventListener("sub-accounts:changed", refresh);
    return () => window.removeEventListener("sub-accounts:changed", refresh);
  }, [tableQuery]);
  const filtered = filters.some((f) => "field" in f && f.value !== undefined && f.value !== "" && !(Array.isArray(f.value) && !f.value.length));
  const state = filtered ? subAccounts.emptyFiltered : subAccounts.empty;
  const loading = tableQuery.isLoading;
  const rows = tableProps.dataSource ?? [];
  return (
    <>
      <FilterBar filters={subAccounts.filters} current={filters} features={features} onChange={onFilter} />
      {tableQuery.isError ? (
        <Alert type="error" showIcon message={subAccounts.errorMessage} description={(tableQuery.error as { message?: string })?.message} />
      ) : (
        <Table<SubAccount>
          {...tableProps}
          rowKey="id"
          loading={loading}
          onRow={(r) => ({ onClick: () => navigate(subAccounts.routes.show!.replace(":id", r.id)), style: { cursor: "pointer" } })}
          columns={subAccounts.columns.map((c) => ({
            key: c.field,
            title: c.title,
            render: (_: unknown, r: SubAccount) =>
              c.field === "state" ? <SubAccountState state={r.state} /> : renderValue(c.render, pathGet(r, c.field), r, c.currencyField),
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
                {!filtered && createButton}
              </Empty>
            ),
          }}
          pagination={rows.length || (tableProps.pagination && tableProps.pagination.current !== 1) ? tableProps.pagination : false}
        />
      )}
    </>
  );
}

export default function SubAccountsList() {
  const [params, setParams] = useSearchParams();
  const currencies = useCurrencies();
  const screens = useScreens();
  const { canCreate, features } = useResourceAccess(subAccounts);
  const [version, setVersion] = useState(0);
  const currency = params.get("currency") ?? "";
  const locked = !features.includes("sub_accounts");
  // Without a currency in the URL: the first of the business's currencies.
  useEffect(() => {
    if (!currency && currencies?.length)
      setParams(
        (p) => {
          p.set("currency", currencies[0]);
          return p;
        },
        { replace: true },
      );
  }, [currency, currencies, setParams]);
  useEffect(() => {
    const bump = () => setVersion((v) => v + 1);
    window.addEventListener("sub-accounts:changed", bump);
    return () => window.removeEventListener("sub-accounts:changed", bump);
  }, []);
  const { master, error } = useMaster(locked ? "" : currency, version);
  const tab = params.get("tab") === "transactions" ? "transactions" : "list";
  const adding = params.get("add-new") === "true";
  const openAdd = (kind: string) =>
    setParams((p) => {
      p.set("add-new", "true");
      p.set("for", kind);
      return p;
    });
  const closeAdd = () =>
    setParams((p) => {
      p.delete("add-new");
      p.delete("for");
      p.delete("customer");
      return p;
    });
  const Create = screens.create[subAccounts.createComponent!];
  const createButton = canCreate && (
    <Dropdown
      trigger={["click"]}
      menu={{
        items: [
          { key: "own", label: "For my business" },
          { key: "customer", label: "For a customer" },
        ],
        onClick: ({ key }) => openAdd(key),
      }}
    >
      <Button type="primary" icon={<PlusOutlined />}>
        {subAccounts.createLabel} <DownOutlined />
      </Button>
    </Dropdown>
  );

  return (
    <>
      <Flex justify="space-between" align="center" style={{ marginBottom: 16 }} wrap gap={12}>
        <div>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {subAccounts.title}
          </Typography.Title>
          <Typography.Text type="secondary">{subAccounts.subtitle}</Typography.Text>
        </div>
        {!locked && (
          <Flex gap={8} align="center">
            <Select
              aria-label="Currency"
              style={{ width: 120 }}
              value={currency || undefined}
              loading={!currencies}
              options={(currencies ?? []).map((c) => ({ value: c, label: c }))}
              onChange={(c) =>
                setParams((p) => {
                  p.set("currency", c);
                  return p;
                })
              }
              placeholder="Currency"
            />
            {createButton}
          </Flex>
        )}
      </Flex>
      {locked ? (
        <Card>
          <Empty description={LOCKED_MESSAGE} />
        </Card>
      ) : (
        <>
          <Card style={{ marginBottom: 16 }} title="Master account">
            {error ? (
              <Alert type="error" showIcon message="Error fetching master account details" />
            ) : !master ? (
              <Skeleton active paragraph={{ rows: 1 }} />
            ) : (
              <Flex gap={48} wrap>
                <Statistic title={`${master.name} balance`} value={formatMoney(master.balances.available, master.currency)} />
                <Statistic title="Sub-accounts" value={master.sub_account_count} />
              </Flex>
            )}
          </Card>
          <Card>
            <Tabs
              activeKey={tab}
              onChange={(k) =>
                setParams((p) => {
                  p.set("tab", k);
                  return p;
                })
              }
              items={[
                {
                  key: "list",
                  label: "List of sub-accounts",
                  children: currency ? <SubAccountTable key={`${currency}-${version}`} currency={currency} createButton={createButton} /> : <Skeleton active />,
                },
                {
                  key: "transactions",
                  label: "Recent transactions",
                  children: master ? (
                    <OwnerTransactions endpoint={accountEndpoints.transactions} params={{ id: master.id }} detailBase="/transactions" />
                  ) : error ? (
                    <Alert type="error" showIcon message="Error fetching master account details" />
                  ) : (
                    <Skeleton active />
                  ),
                },
              ]}
            />
          </Card>
        </>
      )}
      {Create && (
        <Suspense fallback={null}>
          <Create open={adding && canCreate} onClose={closeAdd} />
        </Suspense>
      )}
    </>
  );
}

/**
 * /crypto/sub-wallets?asset=&blockchain= (SPEC §2 Sub-wallets): an asset picker (All, or one asset on
 * one chain), the total balance and number of sub-wallets from the distribution, a create menu (Own,
 * Customer) and tabs 'List of sub-wallets' and 'Recent transactions'. Columns, filters and texts come
 * from the subWallets declaration.
 */
import { Suspense, useCallback, useEffect, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { useTable } from "@refinedev/antd";
import { Alert, Button, Card, Dropdown, Empty, Flex, Select, Skeleton, Statistic, Table, Tabs, Tag, Typography } from "antd";
import { DownOutlined, PlusOutlined } from "@ant-design/icons";
import { pathGet } from "../../../../resources/define-resource.ts";
import {
  assetLabel,
  subWalletEndpoints,
  subWallets,
  SUB_WALLET_CLASSIFICATION_LABELS,
  SUB_WALLET_STATE_LABELS,
  type SubWallet,
  type SubWalletDistribution,
} from "../../../../resources/sub-wallets.ts";
import { cryptoTransactions } from "../../../../resources/transactions.ts";
import { walletEndpoints } from "../../../../resources/wallets.ts";
import { call } from "../../api/call.ts";
import { formatMoney } from "../../../lib/money.ts";
import { FilterBar } from "../../components/resource/filter-bar.tsx";
import { renderValue, statusColor } from "../../components/resource/renderers.tsx";
import { useResourceAccess } from "../../components/resource/use-resource-access.ts";
import { useScreens } from "../../components/resource/screens.tsx";
import { useSession } from "../../session/session.tsx";

export type Asset = { currency: string; blockchain: string };
export const assetKey = (a: Asset) => `${a.currency}:${a.blockchain}`;

export function SubWalletState({ state }: { state: string }) {
  return <Tag color={statusColor(state)}>{SUB_WALLET_STATE_LABELS[state] ?? state}</Tag>;
}

/** The assets the product supports (every stablecoin on every chain). */
export function useSupportedAssets() {
  const [assets, setAssets] = useState<Asset[] | null>(null);
  useEffect(() => {
    call(walletEndpoints.supportedAssets)
      .then((r) => setAssets(r.data))
      .catch(() => setAssets([]));
  }, []);
  return assets;
}

function useDistribution(version: number) {
  const [state, setState] = useState<{ rows?: SubWalletDistribution; error?: boolean }>({});
  useEffect(() => {
    call(subWalletEndpoints.distribution)
      .then((r) => setState({ rows: r.data }))
      .catch(() => setState({ error: true }));
  }, [version]);
  return state;
}

function SubWalletTable({ asset, createButton }: { asset?: Asset; createButton: React.ReactNode }) {
  const navigate = useNavigate();
  const { features } = useResourceAccess(subWallets);
  const { tableProps, filters, setFilters, tableQuery } = useTable<SubWallet>({
    resource: subWallets.name,
    meta: { params: asset ? { asset: asset.currency, blockchain: asset.blockchain } : {} },
    syncWithLocation: false,
    pagination: { pageSize: subWallets.pageSize },
    sorters: { mode: "off" },
    errorNotification: false,
  });
  const onFilter = useCallback((field: string, value: unknown) => setFilters([{ field, operator: "eq", value }], "merge"), [setFilters]);
  const filtered = filters.some((f) => "field" in f && f.value !== undefined && f.value !== "" && !(Array.isArray(f.value) && !f.value.length));
  const state = filtered ? subWallets.emptyFiltered : subWallets.empty;
  const loading = tableQuery.isLoading;
  const rows = tableProps.dataSource ?? [];
  return (
    <>
      <FilterBar filters={subWallets.filters} current={filters} features={features} onChange={onFilter} />
      {tableQuery.isError ? (
        <Alert type="error" showIcon message={subWallets.errorMessage} description={(tableQuery.error as { message?: string })?.message} />
      ) : (
        <Table<SubWallet>
          {...tableProps}
          rowKey="id"
          loading={loading}
          onRow={(r) => ({ onClick: () => navigate(subWallets.routes.show!.replace(":id", r.id)), style: { cursor: "pointer" } })}
          columns={subWallets.columns.map((c) => ({
            key: c.field,
            title: c.title,
            render: (_: unknown, r: SubWallet) =>
              c.field === "state" ? (
                <SubWalletState state={r.state} />
              ) : c.field === "classification" ? (
                (SUB_WALLET_CLASSIFICATION_LABELS[r.classification] ?? r.classification)
              ) : (
                renderValue(c.render, pathGet(r, c.field), r, c.currencyField)
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

/** Recent transactions of sub-wallets (GET transactions?sub_wallet_txns=true), of one asset when one is chosen. */
function RecentTransactions({ asset }: { asset?: Asset }) {
  const navigate = useNavigate();
  const { tableProps, tableQuery } = useTable<Record<string, unknown> & { id: string }>({
    resource: cryptoTransactions.name,
    meta: { params: { sub_wallet_txns: "true", ...(asset ? { sub_wallet_asset: asset.currency, sub_wallet_blockchain: asset.blockchain } : {}) } },
    syncWithLocation: false,
    pagination: { pageSize: 10 },
    sorters: { mode: "off" },
    errorNotification: false,
  });
  if (tableQuery.isError) return <Alert type="error" showIcon message="Error fetching transactions" />;
  return (
    <Table
      {...tableProps}
      rowKey="id"
      onRow={(r) => ({ onClick: () => navigate(cryptoTransactions.routes.show!.replace(":id", r.id)), style: { cursor: "pointer" } })}
      columns={cryptoTransactions.columns.map((c) => ({
        key: c.field,
        title: c.title,
        render: (_: unknown, r: unknown) => renderValue(c.render, pathGet(r, c.field), r, c.currencyField),
      }))}
      locale={{ emptyText: tableQuery.isLoading ? " " : "No transactions" }}
    />
  );
}

export default function SubWalletsList() {
  const [params, setParams] = useSearchParams();
  const assets = useSupportedAssets();
  const { can } = useSession();
  const canCreate = can("wallets", "create");
  const screens = useScreens();
  const [version, setVersion] = useState(0);
  const distribution = useDistribution(version);
  const currency = params.get("asset") ?? "";
  const blockchain = params.get("blockchain") ?? "";
  const asset = currency && blockchain ? { currency, blockchain } : undefined;
  useEffect(() => {
    const bump = () => setVersion((v) => v + 1);
    window.addEventListener("sub-wallets:changed", bump);
    return () => window.removeEventListener("sub-wallets:changed", bump);
  }, []);
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
      return p;
    });
  const Create = screens.create[subWallets.createComponent!];
  const createButton = canCreate && (
    <Dropdown
      trigger={["click"]}
      menu={{
        items: [
          { key: "own", label: "Own" },
          { key: "customer", label: "Customer" },
        ],
        onClick: ({ key }) => openAdd(key),
      }}
    >
      <Button type="primary" icon={<PlusOutlined />}>
        {subWallets.createLabel} <DownOutlined />
      </Button>
    </Dropdown>
  );

  // All: the USD value of every sub-wallet; one asset: what its sub-wallets hold in that asset.
  const rows = distribution.rows ?? [];
  const chosen = asset ? rows.find((r) => r.currency === asset.currency && r.blockchain === asset.blockchain) : undefined;
  const total = asset
    ? formatMoney(chosen?.total_balance ?? "0", asset.currency)
    : formatMoney(
        rows.reduce((s, r) => s + BigInt(r.balance_in_usd), 0n),
        "USD",
      );
  const count = asset ? (chosen?.sub_wallet_count ?? 0) : rows.reduce((s, r) => s + r.sub_wallet_count, 0);
  const assetOptions = [{ value: "", label: "All" }, ...(assets ?? []).map((a) => ({ value: assetKey(a), label: assetLabel(a.currency, a.blockchain) }))];

  return (
    <>
      <Flex justify="space-between" align="center" style={{ marginBottom: 16 }} wrap gap={12}>
        <div>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {subWallets.title}
          </Typography.Title>
          <Typography.Text type="secondary">{subWallets.subtitle}</Typography.Text>
        </div>
        <Flex gap={8} align="center">
          <Select
            aria-label="Asset"
            style={{ width: 180 }}
            value={asset ? assetKey(asset) : ""}
            loading={!assets}
            options={assetOptions}
            onChange={(v: string) =>
              setParams((p) => {
                const [c, b] = v ? v.split(":") : [];
                if (c && b) {
                  p.set("asset", c);
                  p.set("blockchain", b);
                } else {
                  p.delete("asset");
                  p.delete("blockchain");
                }
                return p;
              })
            }
          />
          {createButton}
        </Flex>
      </Flex>
      <Card style={{ marginBottom: 16 }}>
        {distribution.error ? (
          <Alert type="error" showIcon message="Error fetching wallet distribution" />
        ) : !distribution.rows ? (
          <Skeleton active paragraph={{ rows: 1 }} />
        ) : (
          <Flex gap={48} wrap>
            <Statistic title="Total balance" value={total} valueRender={(v) => <span data-testid="sub-wallets-total">{v}</span>} />
            <Statistic title="Sub-wallets" value={count} valueRender={(v) => <span data-testid="sub-wallets-count">{v}</span>} />
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
              label: "List of sub-wallets",
              children: <SubWalletTable key={`${asset ? assetKey(asset) : "all"}-${version}`} asset={asset} createButton={createButton} />,
            },
            { key: "transactions", label: "Recent transactions", children: <RecentTransactions key={asset ? assetKey(asset) : "all"} asset={asset} /> },
          ]}
        />
      </Card>
      {Create && (
        <Suspense fallback={null}>
          <Create open={adding && canCreate} onClose={closeAdd} />
        </Suspense>
      )}
    </>
  );
}

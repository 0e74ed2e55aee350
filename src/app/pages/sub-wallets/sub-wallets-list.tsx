/**
 * /crypto/sub-wallets?asset=&blockchain= (SPEC §2 Sub-wallets): an asset picker (All, or one asset on
 * one chain), the total balance and number of sub-wallets from the distribution, a create menu (Own,
 * Customer) and tabs 'List of sub-wallets' (the generic list of the subWallets declaration, of the
 * chosen asset) and 'Recent transactions'.
 */
import { Suspense, useEffect, useState } from "react";
import { useTranslate } from "@refinedev/core";
import { useSearchParams } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { Alert, Card, Flex, Skeleton, Typography } from "antd";
import { LaterSelect } from "../../components/form/later-controls.tsx";
import { LaterStatistic } from "../../components/resource/later-statistic.tsx";
import { assetLabel, subWalletEndpoints, subWallets, type SubWalletDistribution } from "../../../../resources/sub-wallets.ts";
import { walletEndpoints } from "../../../../resources/wallets.ts";
import { call } from "../../api/call.ts";
import { formatMoney } from "../../../lib/money.ts";
import { useResourceAccess } from "../../components/resource/use-resource-access.ts";
import { CreateButton } from "../../components/resource/create-button.tsx";
import { ResourceList } from "../../components/resource/resource-list.tsx";
import { withoutListState } from "../../components/resource/list-url-state.ts";
import { PageTitle } from "../../components/layout/page-title.tsx";
import { lazyNamed } from "../../lib/lazy.ts";

/** A tab the page does not open on. */
const RecentTransactions = lazyNamed(() => import("./sub-wallet-transactions.tsx"), "RecentTransactions");
import { declaredKey } from "../../components/resource/declared-text.ts";

export type Asset = { currency: string; blockchain: string };
export const assetKey = (a: Asset) => `${a.currency}:${a.blockchain}`;

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

/** The distribution of balances over sub-wallets; under the resource's name, so a new sub-wallet or a payment refreshes it. */
function useDistribution() {
  const query = useQuery({ queryKey: [subWallets.name, "distribution"], queryFn: async () => (await call(subWalletEndpoints.distribution)).data });
  return { rows: query.data, error: query.isError };
}

export default function SubWalletsList() {
  const [params, setParams] = useSearchParams();
  const t = useTranslate();
  const assets = useSupportedAssets();
  const { canCreate } = useResourceAccess(subWallets);
  const distribution = useDistribution();
  const currency = params.get("asset") ?? "";
  const blockchain = params.get("blockchain") ?? "";
  const asset = currency && blockchain ? { currency, blockchain } : undefined;
  const assetOptions = [
    { value: "", label: t("subWallets.allAssets") },
    ...(assets ?? []).map((a) => ({ value: assetKey(a), label: assetLabel(a.currency, a.blockchain) })),
  ];

  return (
    <>
      <Flex justify="space-between" align="center" style={{ marginBottom: 16 }} wrap gap={12}>
        <div>
          <PageTitle style={{ margin: 0 }}>{t(declaredKey(subWallets.name, "title"), subWallets.title)}</PageTitle>
          <Typography.Text type="secondary">{t(declaredKey(subWallets.name, "subtitle"), subWallets.subtitle)}</Typography.Text>
        </div>
        <Flex gap={8} align="center">
          <LaterSelect
            aria-label={t("subWallets.asset")}
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
                return withoutListState(p);
              })
            }
          />
          {canCreate && <CreateButton def={subWallets} />}
        </Flex>
      </Flex>
      <DistributionCard distribution={distribution} asset={asset} />
      {/* Its filters, page and tab are in the URL (a reload keeps them); a new asset starts the list afresh. */}
      <ResourceList
        key={asset ? assetKey(asset) : "all"}
        def={subWallets}
        embedded
        params={asset ? { asset: asset.currency, blockchain: asset.blockchain } : undefined}
        tabPanels={{
          transactions: (
            <Suspense fallback={<Skeleton active />}>
              <RecentTransactions asset={asset} />
            </Suspense>
          ),
        }}
      />
    </>
  );
}

/** All: the USD value of every sub-wallet; one asset: what its sub-wallets hold in that asset. */
function DistributionCard({ distribution, asset }: { distribution: { rows?: SubWalletDistribution; error?: boolean }; asset?: Asset }) {
  const t = useTranslate();
  const rows = distribution.rows ?? [];
  const chosen = asset ? rows.find((r) => r.currency === asset.currency && r.blockchain === asset.blockchain) : undefined;
  const total = asset
    ? formatMoney(chosen?.total_balance ?? "0", asset.currency)
    : formatMoney(
        rows.reduce((s, r) => s + BigInt(r.balance_in_usd), 0n),
        "USD",
      );
  const count = asset ? (chosen?.sub_wallet_count ?? 0) : rows.reduce((s, r) => s + r.sub_wallet_count, 0);
  return (
    <Card style={{ marginBottom: 16 }}>
      {distribution.error ? (
        <Alert type="error" showIcon message={t("subWallets.distributionError")} />
      ) : !distribution.rows ? (
        <Skeleton active paragraph={{ rows: 1 }} />
      ) : (
        <Flex gap={48} wrap>
          <LaterStatistic title={t("subWallets.totalBalance")} value={total} valueRender={(v) => <span data-testid="sub-wallets-total">{v}</span>} />
          <LaterStatistic title={t("subWallets.count")} value={count} valueRender={(v) => <span data-testid="sub-wallets-count">{v}</span>} />
        </Flex>
      )}
    </Card>
  );
}

/**
 * /sub-accounts?currency= (SPEC §2 Sub-Accounts): a currency picker, the master account of that
 * currency (balance, number of sub-accounts), a create menu, and tabs 'List of sub-accounts' (the
 * generic list of the subAccounts declaration, in the chosen currency) and 'Recent transactions' (the
 * master account's).
 */
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { useTranslate } from "@refinedev/core";
import { Alert, Card, Empty, Flex, Skeleton, Typography } from "antd";
import { LaterSelect } from "../../components/form/later-controls.tsx";
import { LaterStatistic } from "../../components/resource/later-statistic.tsx";
import { subAccountEndpoints, subAccounts, type MasterAccount } from "../../../../resources/sub-accounts.ts";
import { accountEndpoints } from "../../../../resources/accounts.ts";
import { call } from "../../api/call.ts";
import { formatMoney } from "../../../lib/money.ts";
import { useResourceAccess } from "../../components/resource/use-resource-access.ts";
import { CreateButton } from "../../components/resource/create-button.tsx";
import { ResourceList } from "../../components/resource/resource-list.tsx";
import { withoutListState } from "../../components/resource/list-url-state.ts";
import { OwnerTransactions } from "../../components/money/owner-transactions.tsx";
import { PageTitle } from "../../components/layout/page-title.tsx";
import { declaredKey } from "../../components/resource/declared-text.ts";

function useCurrencies() {
  const [currencies, setCurrencies] = useState<string[] | null>(null);
  useEffect(() => {
    call(accountEndpoints.list, { query: { page: 1, limit: 10 } })
      .then((r) => setCurrencies([...new Set(r.data.items.filter((a) => a.state === "ACTIVE").map((a) => a.currency))]))
      .catch(() => setCurrencies([]));
  }, []);
  return currencies;
}

/** The master account of a currency; its reads sit under the resource's name, so a new sub-account or a payment refreshes them. */
function useMaster(currency: string) {
  const query = useQuery({
    queryKey: [subAccounts.name, "master", currency],
    queryFn: async () => (await call(subAccountEndpoints.master, { query: { currency } })).data,
    enabled: !!currency,
    // Another currency's master account is not shown while this one loads.
    placeholderData: undefined,
  });
  return { master: query.data, error: query.isError };
}

function MasterCard({ master, error }: { master?: MasterAccount; error?: boolean }) {
  const t = useTranslate();
  return (
    <Card style={{ marginBottom: 16 }} title={t("subAccounts.master.title")}>
      {error ? (
        <Alert type="error" showIcon message={t("subAccounts.master.error")} />
      ) : !master ? (
        <Skeleton active paragraph={{ rows: 1 }} />
      ) : (
        <Flex gap={48} wrap>
          <LaterStatistic title={t("subAccounts.master.balance", { name: master.name })} value={formatMoney(master.balances.available, master.currency)} />
          <LaterStatistic title={t("subAccounts.master.count")} value={master.sub_account_count} />
        </Flex>
      )}
    </Card>
  );
}

function MasterTransactions({ master, error }: { master?: MasterAccount; error?: boolean }) {
  const t = useTranslate();
  if (master) return <OwnerTransactions endpoint={accountEndpoints.transactions} params={{ id: master.id }} detailBase="/transactions" />;
  return error ? <Alert type="error" showIcon message={t("subAccounts.master.error")} /> : <Skeleton active />;
}

export default function SubAccountsList() {
  const [params, setParams] = useSearchParams();
  const t = useTranslate();
  const currencies = useCurrencies();
  const { canCreate, features } = useResourceAccess(subAccounts);
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
  const { master, error } = useMaster(locked ? "" : currency);

  return (
    <>
      <Flex justify="space-between" align="center" style={{ marginBottom: 16 }} wrap gap={12}>
        <div>
          <PageTitle style={{ margin: 0 }}>{t(declaredKey(subAccounts.name, "title"), subAccounts.title)}</PageTitle>
          <Typography.Text type="secondary">{t(declaredKey(subAccounts.name, "subtitle"), subAccounts.subtitle)}</Typography.Text>
        </div>
        {!locked && (
          <Flex gap={8} align="center">
            <LaterSelect
              aria-label={t("subAccounts.currency")}
              style={{ width: 120 }}
              value={currency || undefined}
              loading={!currencies}
              options={(currencies ?? []).map((c) => ({ value: c, label: c }))}
              onChange={(c) =>
                setParams((p) => {
                  p.set("currency", c);
                  return withoutListState(p);
                })
              }
              placeholder={t("subAccounts.currency")}
            />
            {canCreate && <CreateButton def={subAccounts} />}
          </Flex>
        )}
      </Flex>
      {locked ? (
        <Card>
          <Empty description={t("subAccounts.locked")} />
        </Card>
      ) : (
        <>
          <MasterCard master={master} error={error} />
          {/* Its filters, page and tab are in the URL (a reload keeps them); a new currency starts the list afresh. It waits until the currency is known. */}
          <ResourceList
            key={currency}
            def={subAccounts}
            embedded
            params={{ currency }}
            tabPanels={{ transactions: <MasterTransactions master={master} error={error} /> }}
          />
        </>
      )}
    </>
  );
}

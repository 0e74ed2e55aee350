/**
 * /payments/send/exchange (SPEC §2 Exchange): pick the account or wallet to exchange from (preset by
 * ?account=<id> or ?wallet=<id>), then the Exchange modal's flow, inline: amount and destination
 * currency, the quote, confirm, the one-time code when needed, and the result.
 */
import { useEffect } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { useList, useTranslate } from "@refinedev/core";
import { Alert, Button, Card, Empty, Form, Typography } from "antd";
import { LaterSelect } from "../../components/form/later-controls.tsx";
import { useSession } from "../../session/session.tsx";
import { ExchangeFlow } from "../../components/money/exchange-modal.tsx";
import { accountSource, sourceLabel, walletSource, type ExchangeSource } from "../../components/money/exchange-source.ts";
import { formatMoney } from "../../../lib/money.ts";
import { accounts as accountResource, type Account } from "../../../../resources/accounts.ts";
import { wallets as walletResource, type Wallet } from "../../../../resources/wallets.ts";
import { PageTitle } from "../../components/layout/page-title.tsx";

const keyOf = (s: ExchangeSource) => `${s.kind}:${s.id}`;

export default function SendExchangePage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const { can, session } = useSession();
  const t = useTranslate();
  const fromAccounts = can("exchanges", "create");
  const fromWallets = can("crypto-exchanges", "create") && !!session?.features.includes("crypto");

  const accountsQuery = useList<Account>({
    resource: accountResource.name,
    pagination: { pageSize: 100 },
    errorNotification: false,
    queryOptions: { enabled: fromAccounts },
  });
  const walletsQuery = useList<Wallet>({
    resource: walletResource.name,
    pagination: { pageSize: 100 },
    errorNotification: false,
    queryOptions: { enabled: fromWallets },
  });
  const sources: ExchangeSource[] = [
    ...(fromAccounts ? (accountsQuery.result?.data ?? []).filter((a) => a.state === "ACTIVE" && !a.in_request_state).map(accountSource) : []),
    ...(fromWallets ? (walletsQuery.result?.data ?? []).filter((w) => w.state === "ACTIVE").map(walletSource) : []),
  ];
  const selectedKey = params.get("account") ? `account:${params.get("account")}` : params.get("wallet") ? `wallet:${params.get("wallet")}` : "";
  const source = sources.find((s) => keyOf(s) === selectedKey);
  const loading = (fromAccounts && accountsQuery.query.isLoading) || (fromWallets && walletsQuery.query.isLoading);
  const failed = (fromAccounts && accountsQuery.query.isError) || (fromWallets && walletsQuery.query.isError);

  // A preset that is not one of this business's accounts or wallets is dropped rather than shown as an id.
  useEffect(() => {
    if (!loading && selectedKey && !source) setParams({}, { replace: true });
  }, [loading, selectedKey, source, setParams]);

  const choose = (key: string) => {
    const [kind, id] = key.split(":");
    setParams({ [kind]: id }, { replace: true });
  };

  return (
    <div style={{ maxWidth: 720 }}>
      <PageTitle style={{ marginTop: 0, marginBottom: 0 }}>{t("payments.exchange.title")}</PageTitle>
      <Typography.Text type="secondary">{t("payments.exchange.subtitle")}</Typography.Text>
      <Card style={{ marginTop: 24 }}>
        {failed && <Alert type="error" showIcon message={t("payments.exchange.loadError")} style={{ marginBottom: 16 }} />}
        {!loading && !failed && sources.length === 0 ? (
          <Empty description={t("payments.exchange.none")}>
            <Button type="primary" onClick={() => navigate("/accounts")}>
              {t("payments.exchange.goToAccounts")}
            </Button>
          </Empty>
        ) : (
          <Form layout="vertical" component="div">
            <Form.Item label={t("payments.exchange.from")} htmlFor="exchange-source">
              <LaterSelect
                id="exchange-source"
                showSearch
                optionFilterProp="label"
                placeholder={t("payments.exchange.choose")}
                loading={loading}
                value={source ? keyOf(source) : undefined}
                onChange={choose}
                options={sources.map((s) => ({
                  value: keyOf(s),
                  label: `${sourceLabel(s)} · ${t("payments.common.available", { amount: formatMoney(s.available, s.currency) })}`,
                }))}
              />
            </Form.Item>
          </Form>
        )}
        {/* A new source starts a new exchange: nothing typed for another one carries over. */}
        {source && <ExchangeFlow key={keyOf(source)} source={source} />}
      </Card>
    </div>
  );
}

/**
 * /sub-accounts/:id (SPEC §2 Sub-account details): back to the list in its currency, the header
 * (currency, bank, account number, 'Sub-account' badge), Fund account, Make payment, the menu
 * (View customer, Export statement, Freeze / Unfreeze, Close account), the tiles, and the tabs
 * Overview (graph) and Transactions.
 */
import { useEffect, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { useOne, useTranslate } from "@refinedev/core";
import { Alert, Button, Card, Col, Dropdown, Flex, Row, Skeleton, Statistic, Tabs, Tag, Typography } from "antd";
import { ArrowLeftOutlined, DownOutlined, PlusOutlined, SendOutlined } from "@ant-design/icons";
import dayjs from "dayjs";
import { subAccountEndpoints, subAccounts, SUB_ACCOUNT_STATE_LABELS, type SubAccount } from "../../../../resources/sub-accounts.ts";
import { accountEndpoints } from "../../../../resources/accounts.ts";
import type { ApiAction } from "../../../../resources/define-resource.ts";
import { useToast } from "../../hooks/use-toast.ts";
import { useSession } from "../../session/session.tsx";
import { formatMoney } from "../../../lib/money.ts";
import { FlowsChart, type Range } from "../../components/money/flows-chart.tsx";
import { OwnerTransactions } from "../../components/money/owner-transactions.tsx";
import { ExportStatementModal } from "../../components/money/export-statement-modal.tsx";
import { DeclaredStateTag } from "../../components/resource/state-tag.tsx";
import { FundAccountModal } from "./fund-account-modal.tsx";
import { actionAccess } from "../../../../resources/define-resource.ts";
import { call } from "../../api/call.ts";
import { PageTitle } from "../../components/layout/page-title.tsx";
import { declaredKey } from "../../components/resource/declared-text.ts";
import { useFeedback } from "../../providers/feedback.tsx";

const DAY = "YYYY-MM-DD";

/** SPEC §4: a sub-account's graph ranges (its summary answers exactly these). */
const subAccountRanges = (t: ReturnType<typeof useTranslate>): Range[] => [
  { key: "last_week", label: t("subAccounts.details.ranges.week") },
  { key: "last_30_days", label: t("subAccounts.details.ranges.days30") },
  { key: "last_3_months", label: t("subAccounts.details.ranges.months3") },
  { key: "last_6_months", label: t("subAccounts.details.ranges.months6") },
];

function useSummary(id: string, from: string | undefined, version: number) {
  const [state, setState] = useState<{ totals?: { inbound: string; outbound: string }; error?: boolean }>({});
  useEffect(() => {
    if (!from) return;
    call(subAccountEndpoints.summary, { params: { id }, query: { from, to: dayjs().format(DAY) } })
      .then((r) => setState({ totals: r.data.totals }))
      .catch(() => setState({ error: true }));
  }, [id, from, version]);
  return state;
}

export default function SubAccountDetails() {
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const { modal } = useFeedback();
  const t = useTranslate();
  const toast = useToast();
  const { can } = useSession();
  const [funding, setFunding] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [version, setVersion] = useState(0);
  const [tab, setTab] = useState("overview");
  const { result: account, query } = useOne<SubAccount>({ resource: subAccounts.name, id, errorNotification: false });
  const from = account ? dayjs(account.created_date).format(DAY) : undefined;
  const summary = useSummary(id, from, version);
  const refresh = () => {
    query.refetch();
    setVersion((v) => v + 1);
  };

  const back = (
    <Link to={`${subAccounts.routes.list}?currency=${account?.currency ?? ""}`}>
      <Button type="text" icon={<ArrowLeftOutlined />}>
        {t("subAccounts.details.back")}
      </Button>
    </Link>
  );
  if (query.isLoading)
    return (
      <>
        {back}
        <Skeleton active />
      </>
    );
  if (!account)
    return (
      <>
        {back}
        <Alert
          type="error"
          showIcon
          message={t("subAccounts.details.error")}
          description={(query.error as { message?: string } | null)?.message}
          style={{ marginTop: 12 }}
        />
      </>
    );

  const deposit = account.deposit_addresses[0]?.data ?? {};
  const action = (key: "freeze" | "unfreeze") => subAccounts.actions!.find((a): a is ApiAction => a.key === key && "endpoint" in a)!;
  /** An action's declared label (or confirmation), in the member's language. */
  const said = (key: "freeze" | "unfreeze", what: "label" | "confirm") => t(declaredKey(subAccounts.name, `actions.${key}.${what}`), action(key)[what] ?? "");
  const runAction = (key: "freeze" | "unfreeze") => {
    const a = action(key);
    modal.confirm({
      title: said(key, "confirm"),
      okText: said(key, "label"),
      okButtonProps: { danger: a.danger },
      onOk: async () => {
        try {
          const res = await call(a.endpoint, { params: { id: account.id } });
          toast.success(res.message);
          refresh();
        } catch (e) {
          toast.error(e);
        }
      },
    });
  };
  const offered = (key: "freeze" | "unfreeze") =>
    can(actionAccess(action(key)).obj, actionAccess(action(key)).act) && action(key).states!.includes(account.state);
  const menu = [
    { key: "customer", label: t("subAccounts.details.viewCustomer"), disabled: true },
    ...(can("statements", "list") ? [{ key: "export", label: t("subAccounts.details.exportStatement") }] : []),
    ...(offered("freeze") ? [{ key: "freeze", label: said("freeze", "label"), danger: true }] : []),
    ...(offered("unfreeze") ? [{ key: "unfreeze", label: said("unfreeze", "label") }] : []),
    { key: "close", label: t("subAccounts.details.closeAccount"), disabled: true },
  ];
  const onMenu = ({ key }: { key: string }) => {
    if (key === "export") setExporting(true);
    if (key === "freeze" || key === "unfreeze") runAction(key);
  };
  const money = (minor?: string) => (minor === undefined ? "…" : formatMoney(minor, account.currency));

  return (
    <>
      {back}
      <Card style={{ marginTop: 12 }}>
        <Flex justify="space-between" align="center" wrap gap={12}>
          <div>
            <Flex align="center" gap={8}>
              <PageTitle style={{ margin: 0 }}>{account.name}</PageTitle>
              <Tag color="blue">{t("subAccounts.details.badge")}</Tag>
              <DeclaredStateTag resource={subAccounts.name} labels={SUB_ACCOUNT_STATE_LABELS} state={account.state} />
            </Flex>
            <Typography.Text type="secondary" data-testid="sub-account-header">
              {[account.currency, deposit.bank_name, deposit.account_number].filter(Boolean).join(" · ")}
            </Typography.Text>
          </div>
          <Flex gap={8} wrap>
            {/* A frozen (or closed) account takes no money in: the server would refuse the funding. */}
            {can("transfers", "create") && account.state === "ACTIVE" && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setFunding(true)}>
                {t("subAccounts.fund.title")}
              </Button>
            )}
            {account.classification === "institution" && can("page:/payments/send/money", "view") && (
              <Button icon={<SendOutlined />} onClick={() => navigate(`/payments/send/money?account=${account.id}`)}>
                {t("subAccounts.details.makePayment")}
              </Button>
            )}
            <Dropdown trigger={["click"]} menu={{ items: menu, onClick: onMenu }}>
              <Button>
                {t("subAccounts.details.moreActions")} <DownOutlined />
              </Button>
            </Dropdown>
          </Flex>
        </Flex>
      </Card>
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={24} md={8}>
          <Card>
            <Statistic title={t("subAccounts.details.totalBalance")} value={money(account.balances.available)} />
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card>
            <Statistic title={t("subAccounts.details.totalInflow")} value={summary.error ? "—" : money(summary.totals?.inbound)} />
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card>
            <Statistic title={t("subAccounts.details.totalOutflow")} value={summary.error ? "—" : money(summary.totals?.outbound)} />
          </Card>
        </Col>
      </Row>
      {summary.error && <Alert type="error" showIcon message={t("subAccounts.details.summaryError")} style={{ marginTop: 16 }} />}
      <Card style={{ marginTop: 16 }}>
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            {
              key: "overview",
              label: t("subAccounts.details.overview"),
              children: (
                <FlowsChart
                  key={version}
                  endpoint={accountEndpoints.summary}
                  params={{ id: account.id }}
                  ranges={subAccountRanges(t)}
                  currency={account.currency}
                />
              ),
            },
            {
              key: "transactions",
              label: t("subAccounts.details.transactions"),
              children: <OwnerTransactions key={version} endpoint={accountEndpoints.transactions} params={{ id: account.id }} detailBase="/transactions" />,
            },
          ]}
        />
      </Card>
      <FundAccountModal open={funding} account={account} onClose={() => setFunding(false)} onFunded={refresh} />
      <ExportStatementModal
        open={exporting}
        onClose={() => setExporting(false)}
        owner={{ account_id: account.id }}
        name={`${account.name} (${account.currency})`}
        range={{ from: from!, to: dayjs().format(DAY) }}
      />
    </>
  );
}

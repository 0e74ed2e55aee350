/**
 * /sub-accounts/:id (SPEC §2 Sub-account details): back to the list in its currency, the header
 * (currency, bank, account number, 'Sub-account' badge), Fund account, Make payment, the menu
 * (View customer, Export statement, Freeze / Unfreeze, Close account), the tiles, and the tabs
 * Overview (graph) and Transactions.
 */
import { useEffect, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { useOne } from "@refinedev/core";
import { Alert, App, Button, Card, Col, Dropdown, Flex, Row, Skeleton, Statistic, Tabs, Tag, Typography } from "antd";
import { ArrowLeftOutlined, DownOutlined, PlusOutlined, SendOutlined } from "@ant-design/icons";
import dayjs from "dayjs";
import { subAccountEndpoints, subAccounts, type SubAccount } from "../../../../resources/sub-accounts.ts";
import { accountEndpoints } from "../../../../resources/accounts.ts";
import type { ApiAction } from "../../../../resources/define-resource.ts";
import { useToast } from "../../hooks/use-toast.ts";
import { useSession } from "../../session/session.tsx";
import { formatMoney } from "../../../lib/money.ts";
import { FlowsChart, type Range } from "../../components/money/flows-chart.tsx";
import { OwnerTransactions } from "../../components/money/owner-transactions.tsx";
import { ExportStatementModal } from "../../components/money/export-statement-modal.tsx";
import { SubAccountState } from "./sub-accounts-list.tsx";
import { FundAccountModal } from "./fund-account-modal.tsx";
import { actionAccess } from "../../../../resources/define-resource.ts";
import { call } from "../../api/call.ts";
import { PageTitle } from "../../components/layout/page-title.tsx";

const DAY = "YYYY-MM-DD";

/** SPEC §4: a sub-account's graph ranges (its summary answers exactly these). */
const SUB_ACCOUNT_RANGES: Range[] = [
  { key: "last_week", label: "1 week" },
  { key: "last_30_days", label: "30 days" },
  { key: "last_3_months", label: "3 months" },
  { key: "last_6_months", label: "6 months" },
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
  const { modal } = App.useApp();
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
        Back
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
          message="Error fetching sub-account details"
          description={(query.error as { message?: string } | null)?.message}
          style={{ marginTop: 12 }}
        />
      </>
    );

  const deposit = account.deposit_addresses[0]?.data ?? {};
  const action = (key: "freeze" | "unfreeze") => subAccounts.actions!.find((a): a is ApiAction => a.key === key && "endpoint" in a)!;
  const runAction = (key: "freeze" | "unfreeze") => {
    const a = action(key);
    modal.confirm({
      title: a.confirm,
      okText: a.label,
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
    { key: "customer", label: "View customer", disabled: true },
    ...(can("statements", "list") ? [{ key: "export", label: "Export statement" }] : []),
    ...(offered("freeze") ? [{ key: "freeze", label: action("freeze").label, danger: true }] : []),
    ...(offered("unfreeze") ? [{ key: "unfreeze", label: action("unfreeze").label }] : []),
    { key: "close", label: "Close account", disabled: true },
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
              <Tag color="blue">Sub-account</Tag>
              <SubAccountState state={account.state} />
            </Flex>
            <Typography.Text type="secondary" data-testid="sub-account-header">
              {[account.currency, deposit.bank_name, deposit.account_number].filter(Boolean).join(" · ")}
            </Typography.Text>
          </div>
          <Flex gap={8} wrap>
            {/* A frozen (or closed) account takes no money in: the server would refuse the funding. */}
            {can("transfers", "create") && account.state === "ACTIVE" && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setFunding(true)}>
                Fund account
              </Button>
            )}
            {account.classification === "institution" && can("page:/payments/send/money", "view") && (
              <Button icon={<SendOutlined />} onClick={() => navigate(`/payments/send/money?account=${account.id}`)}>
                Make payment
              </Button>
            )}
            <Dropdown trigger={["click"]} menu={{ items: menu, onClick: onMenu }}>
              <Button>
                More actions <DownOutlined />
              </Button>
            </Dropdown>
          </Flex>
        </Flex>
      </Card>
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={24} md={8}>
          <Card>
            <Statistic title="Total Balance" value={money(account.balances.available)} />
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card>
            <Statistic title="Total Inflow" value={summary.error ? "—" : money(summary.totals?.inbound)} />
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card>
            <Statistic title="Total Outflow" value={summary.error ? "—" : money(summary.totals?.outbound)} />
          </Card>
        </Col>
      </Row>
      {summary.error && <Alert type="error" showIcon message="Error fetching account summary" style={{ marginTop: 16 }} />}
      <Card style={{ marginTop: 16 }}>
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            {
              key: "overview",
              label: "Overview",
              children: (
                <FlowsChart
                  key={version}
                  endpoint={accountEndpoints.summary}
                  params={{ id: account.id }}
                  ranges={SUB_ACCOUNT_RANGES}
                  currency={account.currency}
                />
              ),
            },
            {
              key: "transactions",
              label: "Transactions",
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

/**
 * / Dashboard (SPEC §1, §2): greeting and calls to action, balances (total in USD and the card
 * carousel), recent transactions beside the accounts panel, then the regulatory disclaimer.
 * While setup is incomplete (and this member has not skipped it), the onboarding screen shows
 * instead; once shown it stays for the visit, so completing the last step reveals 'Get Started'.
 * A member whose setup this browser already saw settled gets the dashboard without waiting.
 */
import { Suspense, useState } from "react";
import { Card, Col, Flex, Row, Skeleton } from "antd";
import { useTranslate } from "@refinedev/core";
import { lazyNamed } from "../lib/lazy.ts";
import { useChecklist } from "../components/onboarding/use-checklist.ts";
import { FullPageSpin } from "../routing/guarded.tsx";
import { useSession } from "../session/session.tsx";
import { type DashboardData, useDashboardData } from "../components/dashboard/dashboard-data.ts";
import { DashboardActions } from "../components/dashboard/dashboard-actions.tsx";
import { DashboardApprovalsBanner, type PendingApprovals, usePendingApprovals } from "../components/dashboard/dashboard-approvals-banner.tsx";
import { DashboardBalances } from "../components/dashboard/dashboard-balances.tsx";
import { DashboardSidePanel } from "../components/dashboard/dashboard-side-panel.tsx";
import { DashboardDisclaimer } from "../components/dashboard/dashboard-disclaimer.tsx";
import { PageTitle } from "../components/layout/page-title.tsx";

// New businesses see onboarding once, and the transactions table sits below the balances: both load after the first paint.
const OnboardingScreen = lazyNamed(() => import("../components/onboarding/onboarding-screen.tsx"), "OnboardingScreen");
const DashboardRecentTransactions = lazyNamed(() => import("../components/dashboard/dashboard-recent-transactions.tsx"), "DashboardRecentTransactions");
const PanelSkeleton = () => (
  <Card variant="borderless">
    <Skeleton active />
  </Card>
);

/**
 * Whether onboarding was shown in this browser session and not yet dismissed: it then stays (across
 * pages of the same visit) until 'Get Started' or 'Skip for now', so finishing the last step elsewhere
 * still brings the member back to 'Get Started'.
 */
const visitKey = (userId: string) => `onboarding:${userId}`;
/**
 * Members whose setup this browser last found finished or skipped: their dashboard (and its greeting,
 * the page's largest text) shows at once instead of after the checklist's answer. Should that answer
 * say otherwise (a step undone since), the onboarding screen takes its place then.
 */
const settledKey = (userId: string) => `onboarding-settled:${userId}`;

export default function DashboardPage() {
  const { session } = useSession();
  const checklist = useChecklist();
  // Asked for beside the checklist, not after it: both screens show the balances, and the wait for
  // the checklist would otherwise come before theirs (one round trip more before the figures show).
  const data = useDashboardData();
  const approvals = usePendingApprovals();
  const userId = session?.user.id ?? "";
  const [onboarding, setOnboarding] = useState<"undecided" | "assumed done" | "shown" | "done">(() =>
    localStorage.getItem(settledKey(userId)) ? "assumed done" : "undecided",
  );
  const list = checklist.data;
  const dashboard = <Dashboard data={data} approvals={approvals} />;
  if (onboarding === "undecided" || onboarding === "assumed done") {
    if (!list && !checklist.failed) return onboarding === "assumed done" ? dashboard : <FullPageSpin />;
    // A checklist that fails to load leaves the dashboard (the failure is only logged).
    const show = !!list && !list.skipped && (!list.complete || sessionStorage.getItem(visitKey(userId)) === "shown");
    if (show) {
      sessionStorage.setItem(visitKey(userId), "shown");
      localStorage.removeItem(settledKey(userId));
    } else if (list) localStorage.setItem(settledKey(userId), "1");
    setOnboarding(show ? "shown" : "done");
    // The dashboard already shown stays mounted while the decision is made.
    return onboarding === "assumed done" && !show ? dashboard : null;
  }
  const done = () => {
    sessionStorage.removeItem(visitKey(userId));
    setOnboarding("done");
  };
  if (onboarding === "shown" && list)
    return (
      <Suspense fallback={<FullPageSpin />}>
        <OnboardingScreen list={list} firstName={session?.user.first_name ?? ""} onDone={done} below={<DashboardBalances data={data} />} />
      </Suspense>
    );
  return dashboard;
}

function Dashboard({ data, approvals }: { data: DashboardData; approvals: PendingApprovals }) {
  const { session } = useSession();
  const t = useTranslate();
  // Below the greeting, the page appears once its figures are known: nothing on it moves afterwards.
  const ready = !data.loading && approvals.loaded;
  return (
    <Flex vertical gap={24}>
      <Flex justify="space-between" align="center" gap={16} wrap>
        <PageTitle style={{ margin: 0 }}>{t("dashboard.welcome", { name: session?.user.first_name ?? "" })}</PageTitle>
        <DashboardActions />
      </Flex>
      {!ready ? (
        <PanelSkeleton />
      ) : (
        <>
          <DashboardApprovalsBanner approvals={approvals} />
          <DashboardBalances data={data} />
          <Row gutter={[24, 24]}>
            <Col xs={24} xl={16}>
              <Suspense fallback={<PanelSkeleton />}>
                <DashboardRecentTransactions fiat={data.fiat} crypto={data.crypto} />
              </Suspense>
            </Col>
            <Col xs={24} xl={8}>
              <DashboardSidePanel data={data} />
            </Col>
          </Row>
          <DashboardDisclaimer />
        </>
      )}
    </Flex>
  );
}

/**
 * /payments/bulk-payment/:id (SPEC §2 Bulk payments): the batch's reference and status, its totals,
 * a progress bar that follows the payments as the rails settle them (polled every second while the
 * batch is being processed), each payment, and — while it waits for approval — approve or reject
 * for members who may decide (never the member who submitted it: the server refuses).
 */
import { Suspense, useState } from "react";
import { Link, useParams } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { useTranslate } from "@refinedev/core";
import { Alert, Button, Card, Col, Flex, Popconfirm, Progress, Row, Skeleton, Space, Typography } from "antd";
import { ArrowLeftOutlined, CheckOutlined, CloseOutlined } from "@ant-design/icons";
import { formatDateTime } from "../../../lib/dates.ts";
import { bulkPaymentEndpoints } from "../../../../resources/bulk-payments.ts";
import { accountEndpoints } from "../../../../resources/accounts.ts";
import { paymentEndpoints } from "../../../../resources/payments.ts";
import { formatMoney } from "../../../lib/money.ts";
import { rejectionBody, useDecisionConfirm } from "../../components/approvals/decision-confirm.tsx";
import { PendingApprovalImpact } from "../../components/approvals/approval-impact.tsx";
import { isApiError } from "../../api/client.ts";
import { call } from "../../api/call.ts";
import { useWrite } from "../../api/write.ts";
import { useToast } from "../../hooks/use-toast.ts";
import { useSession } from "../../session/session.tsx";
import { renderValue } from "../../components/resource/renderers.tsx";
import { PageTitle } from "../../components/layout/page-title.tsx";
import { LaterStatistic } from "../../components/resource/later-statistic.tsx";
import { lazyNamed } from "../../lib/lazy.ts";

const BulkPaymentRows = lazyNamed(() => import("./bulk-payment-rows.tsx"), "BulkPaymentRows");

const POLL_MS = 1000;
/** While the batch is in one of these, its payments are still moving: keep polling. */
const MOVING = ["PENDING", "PROCESSING"];

export default function BulkPaymentDetails() {
  const { id = "" } = useParams();
  const { can, session } = useSession();
  const toast = useToast();
  const write = useWrite();
  const [busy, setBusy] = useState<"approve" | "reject" | null>(null);
  const confirm = useDecisionConfirm();
  const t = useTranslate();

  // Polls every second while the payments are moving; stops on approval wait or a final state, and
  // when the page unmounts (React Query drops the interval with its last observer).
  const query = useQuery({
    queryKey: ["bulk-payments", "detail", id],
    queryFn: async () => (await call(bulkPaymentEndpoints.show, { params: { id } })).data,
    refetchInterval: (q) => (q.state.data && MOVING.includes(q.state.data.state) && !q.state.error ? POLL_MS : false),
    refetchIntervalInBackground: false,
    retry: false,
  });
  const batch = query.data;
  const account = useQuery({
    queryKey: ["accounts", "one", batch?.source_account_id],
    queryFn: async () => (await call(accountEndpoints.show, { params: { id: batch!.source_account_id } })).data,
    enabled: !!batch?.source_account_id,
    retry: false,
  });

  async function decide(decision: "approve" | "reject") {
    const approvalId = batch?.approval_request_id;
    if (!batch || !approvalId) return;
    // Neither can be undone: each asks first, a rejection for its reason (optional).
    const what = t("payments.bulkDetails.what", { recipients: batch.total_recipients, amount: formatMoney(batch.total_amount, batch.currency) });
    const reason =
      decision === "approve"
        ? (await confirm.approve(t("payments.bulkDetails.approveTitle"), what))
          ? ""
          : null
        : await confirm.reject(t("payments.bulkDetails.rejectTitle"), what);
    if (reason === null) return;
    setBusy(decision);
    try {
      const params = { id: approvalId };
      const res =
        decision === "reject"
          ? await write(paymentEndpoints.reject, { params, body: rejectionBody(reason) })
          : await write(paymentEndpoints.approve, { params });
      toast.success(res.message);
    } catch (e) {
      toast.error(e);
    } finally {
      setBusy(null);
      // The new state (PROCESSING after approval) turns the polling back on.
      void query.refetch();
    }
  }

  const back = (
    <Link to="/payments/bulk-payment">
      <Space size={6}>
        <ArrowLeftOutlined />
        {t("payments.bulkDetails.back")}
      </Space>
    </Link>
  );
  if (query.isLoading)
    return (
      <>
        {back}
        <Skeleton active />
      </>
    );
  if (!batch) {
    const message = isApiError(query.error) && query.error.statusCode === 404 ? t("payments.bulkDetails.notFound") : t("payments.bulkDetails.loadError");
    return (
      <>
        {back}
        <Alert
          type="error"
          showIcon
          message={message}
          description={isApiError(query.error) && query.error.statusCode !== 404 ? query.error.message : undefined}
          style={{ marginTop: 12 }}
        />
      </>
    );
  }

  const { progress: p, currency } = batch;
  const total = batch.total_recipients || p.completed + p.failed + p.cancelled + p.in_progress;
  const finished = p.completed + p.failed + p.cancelled;
  const percent = total ? Math.floor((finished * 100) / total) : 0;
  // Maker-checker: the member who submitted the file is not offered its approval (the server refuses it too).
  const approvable = !!batch.approval_request_id && can("approval-requests", "approve") && batch.initiator.email !== session?.user.email;

  return (
    <>
      {back}
      <Flex justify="space-between" align="center" wrap gap={12} style={{ margin: "12px 0 16px" }}>
        <div>
          <Space align="center" size={12} wrap>
            <PageTitle style={{ margin: 0 }}>{batch.reference}</PageTitle>
            <span data-testid="bulk-payment-status">{renderValue("status", batch.state, batch)}</span>
          </Space>
          <div>
            <Typography.Text type="secondary">{[batch.file_name, formatDateTime(batch.created_date)].filter(Boolean).join(" · ")}</Typography.Text>
          </div>
        </div>
        {approvable && (
          <Space wrap>
            <Button type="primary" icon={<CheckOutlined />} loading={busy === "approve"} disabled={!!busy} onClick={() => decide("approve")}>
              {t("payments.bulkDetails.approve")}
            </Button>
            <Popconfirm
              title={t("payments.bulkDetails.rejectTitle")}
              description={t("payments.bulkDetails.rejectDescription")}
              okText={t("payments.bulkDetails.rejectOk")}
              okButtonProps={{ danger: true }}
              onConfirm={() => decide("reject")}
            >
              <Button danger icon={<CloseOutlined />} loading={busy === "reject"} disabled={!!busy}>
                {t("payments.bulkDetails.reject")}
              </Button>
            </Popconfirm>
          </Space>
        )}
      </Flex>

      {query.isError && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message={t("payments.bulkDetails.refreshError")}
          action={
            <Button size="small" onClick={() => query.refetch()}>
              {t("payments.common.refresh")}
            </Button>
          }
        />
      )}
      {batch.state === "PENDING_APPROVAL" && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message={t("payments.bulkDetails.pending")}
          description={t("payments.bulkDetails.pendingDescription")}
        />
      )}
      {/* What approving it does (issue 29): the approver sees it before deciding. */}
      {approvable && batch.state === "PENDING_APPROVAL" && (
        <div style={{ marginBottom: 16 }}>
          <PendingApprovalImpact entityId={batch.id} />
        </div>
      )}
      {batch.rejection_reason && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          message={t("payments.bulkDetails.rejected")}
          description={t("payments.bulkDetails.reason", { reason: batch.rejection_reason })}
        />
      )}

      <Row gutter={[16, 16]}>
        <Col xs={12} lg={6}>
          <Card style={{ height: "100%" }}>
            <LaterStatistic title={t("payments.common.totalAmount")} value={formatMoney(batch.total_amount, currency)} />
          </Card>
        </Col>
        <Col xs={12} lg={6}>
          <Card style={{ height: "100%" }}>
            <LaterStatistic title={t("payments.bulkDetails.fees")} value={formatMoney(batch.total_fees, currency)} />
          </Card>
        </Col>
        <Col xs={12} lg={6}>
          <Card style={{ height: "100%" }}>
            <LaterStatistic title={t("payments.bulkDetails.recipients")} value={batch.total_recipients} />
          </Card>
        </Col>
        <Col xs={12} lg={6}>
          <Card style={{ height: "100%" }}>
            <LaterStatistic title={t("payments.bulkDetails.sourceAccount")} value={currency} />
            {account.data && <Typography.Text type="secondary">{account.data.name}</Typography.Text>}
          </Card>
        </Col>
        <Col span={24}>
          <Card title={t("payments.bulkDetails.progress")}>
            <Progress
              aria-label={t("payments.bulkDetails.finishedLabel")}
              percent={percent}
              status={p.failed > 0 ? "exception" : percent === 100 ? "success" : MOVING.includes(batch.state) ? "active" : "normal"}
            />
            <Typography.Text type="secondary">
              {t("payments.bulkDetails.progressText", {
                finished,
                total,
                completed: p.completed,
                failed: p.failed,
                cancelled: p.cancelled,
                inProgress: p.in_progress,
              })}
            </Typography.Text>
          </Card>
        </Col>
        <Col span={24}>
          <Card title={t("payments.bulkDetails.payments")}>
            <Suspense fallback={<Skeleton active />}>
              <BulkPaymentRows payments={batch.payments} />
            </Suspense>
          </Card>
        </Col>
      </Row>
    </>
  );
}

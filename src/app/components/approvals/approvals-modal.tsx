/**
 * The approvals list modal (SPEC §2 Approvals, §4 Approval): pending requests, 10 a page, each
 * approved or rejected on its own or several at once (batch-action/sync). Every decision refreshes
 * the approval and transaction lists. Members without transactions_approve see the list only.
 * Team changes that give approval rights (issue 25) wait here too, decided by members who manage users.
 */
import { useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import { Alert, Button, Modal, Space, Table, Tooltip, Typography } from "antd";
import { useTranslate } from "@refinedev/core";
import { CheckOutlined, CloseOutlined } from "@ant-design/icons";
import type { z } from "zod";
import { call } from "../../api/call.ts";
import { useWrite } from "../../api/write.ts";
import { useToast } from "../../hooks/use-toast.ts";
import { useSession } from "../../session/session.tsx";
import { formatMoney } from "../../../lib/money.ts";
import { formatDateTime } from "../../../lib/dates.ts";
import { MoneyText } from "../money/figures.tsx";
import { useLiveRefresh } from "../../providers/live-provider.ts";
import { TEAM_CHANGE } from "../../../../resources/users.ts";
import { BENEFICIARY_CHANGE } from "../../../../resources/payee-protection.ts";
import type { Page } from "../../../../resources/define-endpoint.ts";
import { paymentEndpoints, type ApprovalRequest as ApprovalRequestSchema } from "../../../../resources/payments.ts";
import { rejectionBody, totalsText, useDecisionConfirm } from "./decision-confirm.tsx";
import { ApprovalImpactCompact, ApprovalImpactDetails } from "./approval-impact.tsx";
import { BatchRecipients } from "./batch-recipients.tsx";

const isTeam = (r: ApprovalRequest) => r.entity_type === TEAM_CHANGE;
/** Who a request is about: the beneficiary paid, or the member a team change is for. */
const subjectOf = (r: ApprovalRequest) => (isTeam(r) ? r.data_fields.member_email?.content : r.data_fields.beneficiary_name?.content) ?? "—";
function kindOf(r: ApprovalRequest, t: ReturnType<typeof useTranslate>) {
  if (isTeam(r)) {
    const roles = r.data_fields.roles?.content ?? "";
    return r.data_fields.change?.content === "INVITE"
      ? t("approvals.kind.teamInvite", { roles })
      : t("approvals.kind.teamRole", { roles, previous: r.data_fields.previous_roles?.content || t("approvals.kind.noRoles") });
  }
  // A payment schedule (or a change of one) says when it pays: "Scheduled: Monthly on the 1st, first on …".
  if (r.data_fields.schedule) return t("approvals.kind.scheduled", { schedule: r.data_fields.schedule.content });
  // A change of a beneficiary's details (payee protection): what it changes, "0001… → 0999…".
  if (r.entity_type === BENEFICIARY_CHANGE)
    return t("approvals.kind.beneficiaryChange", {
      what: r.data_fields.destination_type?.content ?? t("approvals.kind.changeOfDetails"),
      change: r.data_fields.change?.content ?? "",
    });
  return r.entity_type === "BATCH_PAYMENT"
    ? t("approvals.kind.bulk", { recipients: r.data_fields.total_recipients?.content ?? "?" })
    : (r.data_fields.destination_type?.content ?? t("approvals.kind.payment"));
}

/** A pending request: PAYMENT, BATCH_PAYMENT or TEAM_CHANGE; its amount is null for a team change. */
export type ApprovalRequest = z.infer<typeof ApprovalRequestSchema>;

const PAGE_SIZE = 10;

const linkOf = (r: ApprovalRequest) =>
  r.data_fields.schedule
    ? `/payments/scheduled/${r.entity_id}`
    : r.entity_type === "BATCH_PAYMENT"
      ? `/payments/bulk-payment/${r.entity_id}`
      : r.entity_type === BENEFICIARY_CHANGE
        ? `/payments/beneficiaries/${r.entity_id}`
        : r.scope === "centurion"
          ? `/crypto/transactions/${r.entity_id}`
          : `/transactions/${r.entity_id}`;

export function ApprovalsModal({ open, onClose, onChanged }: { open: boolean; onClose: () => void; onChanged?: () => void }) {
  const { can, session } = useSession();
  const t = useTranslate();
  const toast = useToast();
  const write = useWrite();
  // Maker-checker: one's own requests are listed but not offered for a decision.
  const own = (r: ApprovalRequest) => r.requester.email === session?.user.email;
  // An approver gives one approval; a request needing more waits for someone else.
  const approvedByMe = (r: ApprovalRequest) => r.approved_by.some((a) => a.email === session?.user.email);
  const canDecide = can("approval-requests", "approve");
  const confirm = useDecisionConfirm();
  // A team change is decided by those who manage users.
  const mayDecide = (r: ApprovalRequest) => !isTeam(r) || can("users", "edit");
  const [page, setPage] = useState(1);
  const [data, setData] = useState<Page<ApprovalRequest> | null>(null);
  const [failed, setFailed] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);
  const [busy, setBusy] = useState<string | null>(null);
  const [problems, setProblems] = useState<string[]>([]);

  const load = useCallback(() => {
    call(paymentEndpoints.listApprovals, { query: { page, limit: PAGE_SIZE, "state[]": "PENDING" } })
      .then((r) => (setData(r.data), setFailed(false)))
      .catch(() => setFailed(true));
  }, [page]);
  useEffect(() => {
    if (open) load();
  }, [open, load]);
  // Requests decided or made by others come and go while the list is open (issue 15 live updates).
  useLiveRefresh("approvals", load, open);

  function refreshAll() {
    setSelected([]);
    load();
    onChanged?.();
  }

  /** "2,500.00 USD to Harbor Freight", or the team change: what a decision is about. */
  const summaryOf = (r: ApprovalRequest) =>
    r.amount
      ? t("approvals.summary.payment", { amount: formatMoney(r.amount.value, r.amount.currency), subject: subjectOf(r) })
      : t("approvals.summary.other", { kind: kindOf(r, t), subject: subjectOf(r) });

  async function decideOne(r: ApprovalRequest, action: "approve" | "reject") {
    // Neither can be undone: each asks first, a rejection for its reason (optional).
    const reason =
      action === "approve"
        ? (await confirm.approve(t("approvals.confirm.approveOne"), summaryOf(r)))
          ? ""
          : null
        : await confirm.reject(t("approvals.confirm.rejectOne"), summaryOf(r));
    if (reason === null) return;
    setBusy(`${r.id}:${action}`);
    setProblems([]);
    try {
      const params = { id: r.id };
      const res =
        action === "reject" ? await write(paymentEndpoints.reject, { params, body: rejectionBody(reason) }) : await write(paymentEndpoints.approve, { params });
      toast.success(res.message);
      refreshAll();
    } catch (e) {
      toast.error(e);
    } finally {
      setBusy(null);
    }
  }

  async function decideSelected(action: "approve" | "reject") {
    const chosen = (data?.items ?? []).filter((r) => selected.includes(r.id));
    const money = totalsText(
      chosen.flatMap((r) => (r.amount ? [r.amount] : [])),
      t,
    );
    const team = chosen.filter(isTeam).length;
    const what = [
      t("approvals.selection.requests", { count: chosen.length }),
      money && t("approvals.selection.inAll", { money }),
      team > 0 && t("approvals.selection.teamChanges", { count: team }),
    ]
      .filter(Boolean)
      .join(t("approvals.selection.separator"));
    const reason =
      action === "approve"
        ? (await confirm.approve(t("approvals.confirm.approveSelected"), what))
          ? ""
          : null
        : await confirm.reject(t("approvals.confirm.rejectSelected"), what);
    if (reason === null) return;
    setBusy(`batch:${action}`);
    setProblems([]);
    try {
      const res = await write(paymentEndpoints.batch, {
        body: { action, entity_ids: selected, ...(action === "reject" ? rejectionBody(reason) : {}) },
      });
      toast.success(res.message);
      // Each request is decided on its own: say which could not be, and why.
      const names = new Map((data?.items ?? []).map((r) => [r.id, subjectOf(r)]));
      setProblems(res.data.filter((o) => !o.ok).map((o) => `${names.get(o.id)}: ${o.message}`));
      refreshAll();
    } catch (e) {
      toast.error(e);
    } finally {
      setBusy(null);
    }
  }

  return (
    <Modal title={t("approvals.title")} open={open} onCancel={onClose} footer={null} width={1100} destroyOnHidden>
      {failed && <Alert type="error" showIcon message={t("approvals.error")} style={{ marginBottom: 12 }} />}
      {problems.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          message={t("approvals.notDecided")}
          description={
            <ul style={{ margin: 0 }}>
              {problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          }
        />
      )}
      {canDecide && (
        <Space style={{ marginBottom: 12 }}>
          <Button
            type="primary"
            icon={<CheckOutlined />}
            disabled={!selected.length || !!busy}
            loading={busy === "batch:approve"}
            onClick={() => decideSelected("approve")}
          >
            {t("approvals.approveSelected", { selected: selected.length })}
          </Button>
          <Button
            danger
            icon={<CloseOutlined />}
            disabled={!selected.length || !!busy}
            loading={busy === "batch:reject"}
            onClick={() => decideSelected("reject")}
          >
            {t("approvals.rejectSelected", { selected: selected.length })}
          </Button>
        </Space>
      )}
      <Table<ApprovalRequest>
        rowKey="id"
        size="small"
        loading={!data && !failed}
        dataSource={data?.items ?? []}
        rowSelection={
          canDecide
            ? {
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys as string[]),
                getCheckboxProps: (r) => ({ disabled: own(r) || approvedByMe(r) || !mayDecide(r) }),
              }
            : undefined
        }
        // A request's details: what approving it does (issue 29), and a bulk file's recipients.
        expandable={{
          rowExpandable: (r) => !!r.impact || r.payee_flags.length > 0 || r.entity_type === "BATCH_PAYMENT",
          expandedRowRender: (r) => (
            <Space direction="vertical" style={{ width: "100%" }}>
              <ApprovalImpactDetails r={r} />
              {r.entity_type === "BATCH_PAYMENT" && <BatchRecipients id={r.entity_id} />}
            </Space>
          ),
        }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: data?.total_items ?? 0, onChange: setPage, showSizeChanger: false }}
        locale={{ emptyText: t("approvals.empty") }}
        columns={[
          { title: t("approvals.columns.date"), dataIndex: "created_date", render: (v: string) => formatDateTime(v) },
          {
            title: t("approvals.columns.beneficiary"),
            render: (_, r) => {
              const name = subjectOf(r);
              if (isTeam(r)) return name;
              const to = linkOf(r);
              return can(`page:${to.replace(/[^/]+$/, ":id")}`, "view") ? (
                <Link to={to} onClick={onClose}>
                  {name}
                </Link>
              ) : (
                name
              );
            },
          },
          { title: t("approvals.columns.type"), render: (_, r) => kindOf(r, t) },
          {
            title: t("approvals.columns.amount"),
            render: (_, r) => (r.amount ? <MoneyText minor={r.amount.value} currency={r.amount.currency} strong /> : "—"),
          },
          { title: t("approvals.columns.balanceAfter"), render: (_, r) => <ApprovalImpactCompact r={r} /> },
          { title: t("approvals.columns.requestedBy"), render: (_, r) => r.requester.name },
          { title: t("approvals.columns.approvals"), render: (_, r) => <ApprovalProgress r={r} /> },
          ...(canDecide
            ? [
                {
                  title: t("approvals.columns.action"),
                  render: (_: unknown, r: ApprovalRequest) =>
                    own(r) ? (
                      <Typography.Text type="secondary">{t("approvals.yourRequest")}</Typography.Text>
                    ) : approvedByMe(r) ? (
                      <Typography.Text type="secondary">{t("approvals.youApproved")}</Typography.Text>
                    ) : !mayDecide(r) ? (
                      <Typography.Text type="secondary">{t("approvals.forUserManagers")}</Typography.Text>
                    ) : (
                      <Space>
                        <Button size="small" type="link" loading={busy === `${r.id}:approve`} disabled={!!busy} onClick={() => decideOne(r, "approve")}>
                          {t("approvals.approve")}
                        </Button>
                        <Button size="small" type="link" danger loading={busy === `${r.id}:reject`} disabled={!!busy} onClick={() => decideOne(r, "reject")}>
                          {t("approvals.reject")}
                        </Button>
                      </Space>
                    ),
                },
              ]
            : []),
        ]}
      />
      <Link to="/transactions?tab=pending" onClick={onClose}>
        {t("approvals.seeAllPending")}
      </Link>
    </Modal>
  );
}

/** "1 of 2" and how many more it needs, with the rule that asked for them. */
function ApprovalProgress({ r }: { r: ApprovalRequest }) {
  const t = useTranslate();
  return (
    <Tooltip title={r.rule_reason || undefined}>
      <Space direction="vertical" size={0}>
        <span>{t("approvals.progress.received", { received: r.approvals_received, required: r.approvals_required })}</span>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t("approvals.progress.remaining", { count: r.approvals_remaining })}
          {r.required_role ? ` · ${t("approvals.progress.roleRequired", { role: r.required_role })}` : ""}
        </Typography.Text>
      </Space>
    </Tooltip>
  );
}

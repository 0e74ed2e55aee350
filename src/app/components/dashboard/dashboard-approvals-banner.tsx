/**
 * SPEC §1: the pending-approvals banner, for members who read approval requests (page 1, limit
 * 100). Review opens the approvals list modal; decisions there update the count.
 */
import { Suspense, useCallback, useEffect, useState } from "react";
import { Alert, Button } from "antd";
import { useTranslate } from "@refinedev/core";
import { call } from "../../api/call.ts";
import { paymentEndpoints } from "../../../../resources/payments.ts";
import { useSession } from "../../session/session.tsx";
import { lazyNamed } from "../../lib/lazy.ts";
import { useLiveRefresh } from "../../providers/live-provider.ts";
import { TEAM_CHANGE } from "../../../../resources/users.ts";

// Opened on demand from the banner: its code arrives after the dashboard's first paint.
const ApprovalsModal = lazyNamed(() => import("../approvals/approvals-modal.tsx"), "ApprovalsModal");

/** `team`: how many of them are team changes (issue 25: invitations and role changes giving approval rights). */
export type PendingApprovals = { allowed: boolean; pending: number; team: number; loaded: boolean; load: () => void };

/** How many requests wait for approval; `loaded` once known (or not asked), so the page can lay out once. */
export function usePendingApprovals(): PendingApprovals {
  const { can } = useSession();
  const allowed = can("approval-requests", "list");
  const [pending, setPending] = useState(0);
  const [team, setTeam] = useState(0);
  const [loaded, setLoaded] = useState(!allowed);
  const load = useCallback(() => {
    if (!allowed) return;
    call(paymentEndpoints.listApprovals, { query: { page: 1, limit: 100, "state[]": "PENDING" } })
      .then((r) => (setPending(r.data.total_items), setTeam(r.data.items.filter((i) => i.entity_type === TEAM_CHANGE).length)))
      .catch((e) => console.error(e)) // the dashboard stays usable without the banner
      .finally(() => setLoaded(true));
  }, [allowed]);
  useEffect(load, [load]);
  // Another member's decision, or a new request, changes the count without a reload (issue 15 live updates).
  useLiveRefresh("approvals", load, allowed);
  return { allowed, pending, team, loaded, load };
}

type Translate = ReturnType<typeof useTranslate>;

/** "3 payments are waiting for approval", "2 payments and 1 team change are …", "1 team change is …". */
export function waitingText(t: Translate, pending: number, team: number) {
  const payments = pending - team;
  const what =
    payments > 0 && team > 0
      ? t("dashboard.approvals.both", {
          payments: t("dashboard.approvals.payments", { count: payments }),
          teamChanges: t("dashboard.approvals.teamChanges", { count: team }),
        })
      : payments > 0
        ? t("dashboard.approvals.payments", { count: payments })
        : t("dashboard.approvals.teamChanges", { count: team });
  return t("dashboard.approvals.waiting", { what, count: pending });
}

export function DashboardApprovalsBanner({ approvals: { allowed, pending, team, load } }: { approvals: PendingApprovals }) {
  const [open, setOpen] = useState(false);
  const t = useTranslate();
  if (!allowed || (pending === 0 && !open)) return null;
  return (
    <>
      {pending > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message={waitingText(t, pending, team)}
          action={
            <Button size="small" type="primary" onClick={() => setOpen(true)}>
              {t("dashboard.approvals.review")}
            </Button>
          }
        />
      )}
      <Suspense fallback={null}>
        <ApprovalsModal open={open} onClose={() => setOpen(false)} onChanged={load} />
      </Suspense>
    </>
  );
}

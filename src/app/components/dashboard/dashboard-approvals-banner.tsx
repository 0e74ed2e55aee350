/**
 * SPEC §1: the pending-approvals banner, for members who read approval requests (page 1, limit
 * 100). Review opens the approvals list modal; decisions there update the count.
 */
import { Suspense, useCallback, useEffect, useState } from "react";
import { Alert, Button } from "antd";
import { api } from "../../api/client.ts";
import { useSession } from "../../session/session.tsx";
import { lazyNamed } from "../../lib/lazy.ts";
import { useLiveRefresh } from "../../providers/live-provider.ts";

// Opened on demand from the banner: its code arrives after the dashboard's first paint.
const ApprovalsModal = lazyNamed(() => import("../approvals/approvals-modal.tsx"), "ApprovalsModal");

export type PendingApprovals = { allowed: boolean; pending: number; loaded: boolean; load: () => void };

/** How many payments wait for approval; `loaded` once known (or not asked), so the page can lay out once. */
export function usePendingApprovals(): PendingApprovals {
  const { can } = useSession();
  const allowed = can("approval-requests", "list");
  const [pending, setPending] = useState(0);
  const [loaded, setLoaded] = useState(!allowed);
  const load = useCallback(() => {
    if (!allowed) return;
    api<{ total_items: number }>("GET", "approval-requests?page=1&limit=100&state[]=PENDING")
      .then((r) => setPending(r.data.total_items))
      .catch((e) => console.error(e)) // the dashboard stays usable without the banner
      .finally(() => setLoaded(true));
  }, [allowed]);
  useEffect(load, [load]);
  // Another member's decision, or a new request, changes the count without a reload (issue 15 live updates).
  useLiveRefresh("approvals", load, allowed);
  return { allowed, pending, loaded, load };
}

export function DashboardApprovalsBanner({ approvals: { allowed, pending, load } }: { approvals: PendingApprovals }) {
  const [open, setOpen] = useState(false);
  if (!allowed || (pending === 0 && !open)) return null;
  return (
    <>
      {pending > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message={`${pending} ${pending === 1 ? "payment is" : "payments are"} waiting for approval`}
          action={<Button size="small" type="primary" onClick={() => setOpen(true)}>Review</Button>}
        />
      )}
      <Suspense fallback={null}>
        <ApprovalsModal open={open} onClose={() => setOpen(false)} onChanged={load} />
      </Suspense>
    </>
  );
}

/** SPEC §1: the pending-approvals banner, for members who read approval requests (page 1, limit 100). */
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { Alert, Button } from "antd";
import { api } from "../../api/client.ts";
import { useSession } from "../../session/session.tsx";

export function DashboardApprovalsBanner() {
  const { can } = useSession();
  const allowed = can("approval-requests", "list");
  const [pending, setPending] = useState(0);
  useEffect(() => {
    if (!allowed) return;
    api<{ total_items: number }>("GET", "approval-requests?page=1&limit=100&state[]=PENDING")
      .then((r) => setPending(r.data.total_items))
      .catch((e) => console.error(e)); // the dashboard stays usable without the banner
  }, [allowed]);
  if (!allowed || pending === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      message={`${pending} ${pending === 1 ? "payment is" : "payments are"} waiting for approval`}
      action={<Link to="/transactions?tab=pending"><Button size="small" type="primary">Review</Button></Link>}
    />
  );
}

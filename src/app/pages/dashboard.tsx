/** / Dashboard (SPEC §1). The greeting now; balances, carousel and panels come with the ledger. */
import { Typography } from "antd";
import { useSession } from "../session/session.tsx";

export default function DashboardPage() {
  const { session } = useSession();
  return (
    <Typography.Title level={3} style={{ marginTop: 0 }}>
      Welcome {session?.user.first_name}, what do you want to do today?
    </Typography.Title>
  );
}

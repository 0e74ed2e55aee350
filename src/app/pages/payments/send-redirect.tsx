/** SPEC §2: /payments/send goes on to /payments/send/money, keeping a preset source (?account=). */
import { Navigate, useLocation } from "react-router";

export default function SendRedirect() {
  const { search } = useLocation();
  return <Navigate to={`/payments/send/money${search}`} replace />;
}

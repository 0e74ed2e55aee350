/** An account still in request state opens its account-request steps (SPEC §2 Accounts). */
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { useTranslate } from "@refinedev/core";
import { Alert, Modal, Skeleton } from "antd";
import { call } from "../../api/call.ts";
import { accountRequestEndpoints, type AccountRequest } from "../../../../resources/account-requests.ts";
import { AccountRequestSteps } from "./account-request-steps.tsx";

export function PendingAccount({ requestId }: { requestId: string }) {
  const t = useTranslate();
  const navigate = useNavigate();
  const [request, setRequest] = useState<AccountRequest | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    call(accountRequestEndpoints.show, { params: { id: requestId } })
      .then((r) => setRequest(r.data))
      .catch((e) => setError(e.message));
  }, [requestId]);
  return (
    <Modal title={t("accounts.pending.title")} open onCancel={() => navigate("/accounts")} footer={null} width={560}>
      {error && <Alert type="error" showIcon message={error} />}
      {!request && !error ? <Skeleton active /> : request && <AccountRequestSteps initial={request} />}
    </Modal>
  );
}

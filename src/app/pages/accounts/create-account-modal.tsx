/**
 * SPEC §2 Create-account modal: 'Create an account', a currency, 'Create Account' disabled until one
 * is chosen; a Naira account also asks the owner's details (SPEC §5 Bank account form). Then the
 * request's task steps.
 */
import { useState } from "react";
import { useTranslate } from "@refinedev/core";
import { Button, Modal, Select, Space } from "antd";
import { FIAT_CURRENCIES, type FiatCurrency } from "../../../lib/assets.ts";
import { useWrite } from "../../api/write.ts";
import { useToast } from "../../hooks/use-toast.ts";
import { OwnerInfoForm } from "./owner-info-form.tsx";
import { AccountRequestSteps } from "./account-request-steps.tsx";
import { accountRequestEndpoints, type AccountRequest, type NgnOwnerInfo } from "../../../../resources/account-requests.ts";

export default function CreateAccountModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useTranslate();
  const toast = useToast();
  const write = useWrite();
  const [currency, setCurrency] = useState<FiatCurrency>();
  const [askOwner, setAskOwner] = useState(false);
  const [request, setRequest] = useState<AccountRequest | null>(null);

  async function submit(account_owner_info?: NgnOwnerInfo) {
    // Offered only once a currency is chosen.
    if (!currency) return;
    try {
      const res = await write(accountRequestEndpoints.create, { body: { currency, account_owner_info } });
      toast.success(res.message);
      setRequest(res.data);
    } catch (e) {
      toast.error(e);
    }
  }
  function close() {
    setCurrency(undefined);
    setAskOwner(false);
    setRequest(null);
    onClose();
  }

  return (
    <Modal title={t("accounts.create.title")} open={open} onCancel={close} footer={null} destroyOnClose width={560}>
      {request ? (
        <AccountRequestSteps initial={request} />
      ) : askOwner ? (
        <OwnerInfoForm onSubmit={submit} onBack={() => setAskOwner(false)} />
      ) : (
        <Space direction="vertical" style={{ width: "100%" }} size={16}>
          <Select
            aria-label={t("accounts.create.currency")}
            placeholder={t("accounts.create.chooseAsset")}
            style={{ width: "100%" }}
            value={currency}
            onChange={setCurrency}
            options={FIAT_CURRENCIES.map((c) => ({ value: c, label: c }))}
          />
          <Button type="primary" block disabled={!currency} onClick={() => (currency === "NGN" ? setAskOwner(true) : submit())}>
            {t("accounts.create.submit")}
          </Button>
        </Space>
      )}
    </Modal>
  );
}

/**
 * Fund account (SPEC §2 Sub-account details): from an account of the business in the same currency,
 * an amount in major units sent as minor units; both are needed to enable the button. One
 * Idempotency-Key per intended transfer (kept across retries), the one-time code when 2FA is on,
 * then a success dialog linking to the transactions.
 */
import { useEffect, useMemo, useState } from "react";
import { Link } from "react-router";
import { Button, Form, Input, Modal, Result, Select } from "antd";
import { useTranslate } from "@refinedev/core";
import { call } from "../../api/call.ts";
import { useWrite } from "../../api/write.ts";
import { useToast } from "../../hooks/use-toast.ts";
import { idempotencyHeader, newIdempotencyKey } from "../../lib/idempotency.ts";
import { OneTimeCodeInput, useOneTimeCode } from "../../components/money/one-time-code.tsx";
import { formatMoney, parseMajor } from "../../../lib/money.ts";
import { amountProblemText } from "../../i18n/shared-labels.ts";
import { accountLabel } from "../../../lib/labels.ts";
import { subAccountEndpoints, type SubAccount } from "../../../../resources/sub-accounts.ts";
import { accountEndpoints, type Account } from "../../../../resources/accounts.ts";

export function FundAccountModal({ open, account, onClose, onFunded }: { open: boolean; account: SubAccount; onClose: () => void; onFunded: () => void }) {
  const toast = useToast();
  const t = useTranslate();
  const write = useWrite();
  const otp = useOneTimeCode();
  const [sources, setSources] = useState<Account[] | null>(null);
  const [source, setSource] = useState<string>();
  const [amount, setAmount] = useState("");
  const [touched, setTouched] = useState(false);
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  // One key per intended transfer: a new one whenever what would be sent changes.
  const key = useMemo(() => newIdempotencyKey(), [source, amount, open]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    if (!open) return;
    call(accountEndpoints.list, { query: { page: 1, limit: 10 } })
      .then((r) => setSources(r.data.items.filter((a) => a.currency === account.currency && a.state === "ACTIVE" && a.id !== account.id)))
      .catch(() => setSources([]));
  }, [open, account.currency, account.id]);

  const problem = amount ? amountProblemText(t, amount, account.currency) : null;
  const minor = parseMajor(amount, account.currency);
  const ready = !!source && !!amount && !problem && minor !== null && otp.ready;
  /** The transfer as it will be sent, which the one-time code is asked for. */
  const transfer = source && minor !== null && !problem ? { source_account_id: source, destination_account_id: account.id, amount: minor.toString() } : null;

  const close = () => {
    setSource(undefined);
    setAmount("");
    setTouched(false);
    setDone(null);
    otp.reset();
    onClose();
  };

  async function fund() {
    if (!ready || !transfer) return;
    setSending(true);
    try {
      const res = await write(subAccountEndpoints.fund, { body: transfer, headers: { ...idempotencyHeader(key), ...otp.headers() } });
      setDone(res.message);
      onFunded();
    } catch (e) {
      toast.error(e);
    } finally {
      setSending(false);
    }
  }

  return (
    <Modal title={done ? undefined : t("subAccounts.fund.title")} open={open} onCancel={close} footer={null} destroyOnHidden>
      {done ? (
        <Result
          status="success"
          title={done}
          subTitle={t("subAccounts.fund.added", { amount: formatMoney(minor ?? 0n, account.currency), name: account.name })}
          extra={[
            <Link key="tx" to="/transactions">
              <Button type="primary">{t("subAccounts.fund.viewTransactions")}</Button>
            </Link>,
            <Button key="close" onClick={close}>
              {t("subAccounts.fund.done")}
            </Button>,
          ]}
        />
      ) : (
        <Form layout="vertical" component="form" onFinish={fund}>
          <Form.Item label={t("subAccounts.fund.source")} htmlFor="fund-source">
            <Select
              id="fund-source"
              value={source}
              onChange={setSource}
              loading={!sources}
              placeholder={t("subAccounts.fund.selectAccount")}
              options={(sources ?? []).map((s) => ({
                value: s.id,
                label: `${accountLabel(s)} (${s.currency}) · ${formatMoney(s.balance.available, s.currency)}`,
              }))}
              notFoundContent={t("subAccounts.fund.noSource", { currency: account.currency })}
            />
          </Form.Item>
          <Form.Item
            label={t("subAccounts.fund.amount")}
            htmlFor="fund-amount"
            validateStatus={touched && problem ? "error" : undefined}
            help={touched ? problem : undefined}
          >
            <Input
              id="fund-amount"
              inputMode="decimal"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              onBlur={() => setTouched(true)}
              suffix={account.currency}
              placeholder="0.00"
            />
          </Form.Item>
          <OneTimeCodeInput otp={otp} request={transfer && { endpoint: subAccountEndpoints.fund, body: transfer }} />
          <Button type="primary" htmlType="submit" block disabled={!ready} loading={sending}>
            {t("subAccounts.fund.title")}
          </Button>
        </Form>
      )}
    </Modal>
  );
}

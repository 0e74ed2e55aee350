/**
 * /sandbox/deposit: the outside world paying in. Sends money to an account number, IBAN or wallet
 * address as a named sender, with a bank reference (an invoice number pays that invoice); the
 * platform receives it as a bank or chain would report it.
 */
import { useTranslate } from "@refinedev/core";
import { useState } from "react";
import type { z } from "zod";
import { Alert, Button, Form, Input, Select } from "antd";
import { BLOCKCHAINS, FIAT_CURRENCIES, STABLECOINS } from "../../lib/assets.ts";
import { parseMajor } from "../../lib/money.ts";
import { sandboxEndpoints, type SandboxDeposit } from "../../../resources/sandbox.ts";
import { useWrite } from "../api/write.ts";
import { AuthCard } from "../components/layout/auth-card.tsx";
import { useToast } from "../hooks/use-toast.ts";

type Deposit = z.input<typeof SandboxDeposit>;
/** The form: the deposit as sent, but the amount in major units as typed. */
type Values = {
  network: NonNullable<Deposit["network"]>;
  identifier: string;
  currency: Deposit["currency"];
  amount: string;
  sender_name: string;
  reference?: string;
};

export default function SandboxDepositPage() {
  const toast = useToast();
  const t = useTranslate();
  const write = useWrite();
  const [form] = Form.useForm<Values>();
  const [done, setDone] = useState<string | null>(null);
  const network = Form.useWatch("network", form) ?? "fiat";

  async function submit(v: Values) {
    const minor = parseMajor(v.amount, v.currency);
    if (minor === null || minor <= 0n) return form.setFields([{ name: "amount", errors: [t("sandbox.deposit.amountInvalid")] }]);
    try {
      const res = await write(sandboxEndpoints.deposit, { body: { ...v, amount: minor.toString() }, headers: { "idempotency-key": crypto.randomUUID() } });
      toast.success(res.message);
      setDone(t("sandbox.deposit.sent", { amount: v.amount, currency: v.currency, sender: v.sender_name }));
    } catch (e) {
      toast.error(e);
    }
  }

  return (
    <AuthCard title={t("sandbox.deposit.title")} subtitle={t("sandbox.deposit.subtitle")} width={520}>
      {done && <Alert type="success" showIcon message={done} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" onFinish={submit} initialValues={{ network: "fiat", currency: "USD" }}>
        <Form.Item name="network" label={t("sandbox.deposit.network")}>
          <Select
            options={[{ value: "fiat", label: t("sandbox.deposit.bankTransfer") }, ...BLOCKCHAINS.map((b) => ({ value: b, label: b }))]}
            onChange={(n) => form.setFieldValue("currency", n === "fiat" ? "USD" : "USDT")}
          />
        </Form.Item>
        <Form.Item
          name="identifier"
          label={network === "fiat" ? t("sandbox.deposit.accountOrIban") : t("sandbox.deposit.walletAddress")}
          rules={[{ required: true, message: t("sandbox.deposit.identifierRequired") }]}
        >
          <Input />
        </Form.Item>
        <Form.Item name="currency" label={t("sandbox.deposit.currency")}>
          <Select options={(network === "fiat" ? FIAT_CURRENCIES : STABLECOINS).map((c) => ({ value: c, label: c }))} />
        </Form.Item>
        <Form.Item name="amount" label={t("sandbox.deposit.amount")} rules={[{ required: true, message: t("sandbox.deposit.amountRequired") }]}>
          <Input inputMode="decimal" placeholder="1,000.00" />
        </Form.Item>
        <Form.Item name="sender_name" label={t("sandbox.deposit.senderName")} rules={[{ required: true, message: t("sandbox.deposit.senderNameRequired") }]}>
          <Input />
        </Form.Item>
        {network === "fiat" && (
          <Form.Item name="reference" label={t("sandbox.deposit.reference")} extra={t("sandbox.deposit.referenceHint")}>
            <Input maxLength={100} />
          </Form.Item>
        )}
        <Button type="primary" htmlType="submit" block>
          {t("sandbox.deposit.send")}
        </Button>
      </Form>
    </AuthCard>
  );
}

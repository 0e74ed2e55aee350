/**
 * An account request's task steps (SPEC §4): declaration, agreement (with its PDF), then the code
 * sent by email; completed steps can be revisited. After the last, the provisioning message.
 */
import { useState } from "react";
import { useTranslate } from "@refinedev/core";
import { Alert, Button, Checkbox, Input, Space, Steps, Typography } from "antd";
import { download } from "../../api/client.ts";
import { urlOf } from "../../api/call.ts";
import { useWrite } from "../../api/write.ts";
import { useToast } from "../../hooks/use-toast.ts";
import { accountRequestEndpoints, type AccountRequest } from "../../../../resources/account-requests.ts";
import type { SentBodyOf } from "../../../../resources/define-endpoint.ts";

export function AccountRequestSteps({ initial }: { initial: AccountRequest }) {
  const t = useTranslate();
  const titles: Record<string, string> = {
    DECLARATION: t("accounts.request.steps.declaration"),
    AGREEMENT: t("accounts.request.steps.agreement"),
    EMAIL_OTP: t("accounts.request.steps.emailOtp"),
    PHONE_OTP: t("accounts.request.steps.phoneOtp"),
  };
  const toast = useToast();
  const write = useWrite();
  const [request, setRequest] = useState(initial);
  const firstOpen = request.tasks.findIndex((x) => x.state !== "COMPLETED");
  const [current, setCurrent] = useState(firstOpen < 0 ? request.tasks.length - 1 : firstOpen);
  const [accepted, setAccepted] = useState(false);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const task = request.tasks[current];

  /** Submits or starts the current task; the request as it now stands, or null (the error shown). */
  async function send(action: "submit" | "initialize", body?: SentBodyOf<typeof accountRequestEndpoints.submitTask>) {
    setError(null);
    try {
      const params = { id: task.id };
      const res =
        action === "submit"
          ? await write(accountRequestEndpoints.submitTask, { params, body })
          : await write(accountRequestEndpoints.initializeTask, { params });
      setRequest(res.data);
      return res.data;
    } catch (e) {
      setError((e as { message: string }).message);
      return null;
    }
  }
  async function submit() {
    if (task.type === "DECLARATION" && !accepted) return setError(t("accounts.request.acceptDeclaration"));
    if (task.type === "AGREEMENT" && !accepted) return setError(t("accounts.request.acceptAgreement"));
    if (task.type === "EMAIL_OTP" && !code) return setError(t("accounts.request.enterCode"));
    if (task.type === "EMAIL_OTP" && !/^\d{6}$/.test(code)) return setError(t("accounts.request.incompleteCode"));
    const body = task.type === "AGREEMENT" ? { accepted, agreement_id: task.data.id } : task.type === "EMAIL_OTP" ? { otp_code: code } : { accepted };
    const next = await send("submit", body);
    if (!next) return;
    // SPEC §8: the emailed code accepted says so, as its sending did ('Verification code sent').
    if (task.type === "EMAIL_OTP") toast.success(t("accounts.request.verified"));
    setAccepted(false);
    setCode("");
    const open = next.tasks.findIndex((x) => x.state !== "COMPLETED");
    if (open >= 0) setCurrent(open);
  }
  async function sendCode() {
    if (await send("initialize")) {
      setSent(true);
      toast.success(t("accounts.request.codeSent"));
    }
  }

  if (request.state === "COMPLETED") {
    return <Alert type="success" showIcon message={t("accounts.request.provisioned")} description={t("accounts.request.provisionedHint")} />;
  }
  const done = task.state === "COMPLETED";
  return (
    <Space direction="vertical" style={{ width: "100%" }} size={16}>
      <Steps
        size="small"
        current={current}
        onChange={(i) => i <= (firstOpen < 0 ? i : firstOpen) && setCurrent(i)}
        items={request.tasks.map((x) => ({ title: titles[x.type] ?? x.type, status: x.state === "COMPLETED" ? "finish" : undefined }))}
      />
      {task.type === "DECLARATION" && <Typography.Paragraph>{task.data.text}</Typography.Paragraph>}
      {task.type === "AGREEMENT" && (
        <Typography.Paragraph>
          {task.data.description}.{" "}
          <Typography.Link
            onClick={() => download(urlOf(accountRequestEndpoints.agreement, { params: { id: task.data.id } }), "agreement.pdf").catch((e) => toast.error(e))}
          >
            {t("accounts.request.downloadAgreement")}
          </Typography.Link>
        </Typography.Paragraph>
      )}
      {(task.type === "DECLARATION" || task.type === "AGREEMENT") && !done && (
        <Checkbox checked={accepted} onChange={(e) => setAccepted(e.target.checked)}>
          {task.type === "DECLARATION" ? t("accounts.request.acceptsDeclaration") : t("accounts.request.acceptsAgreement")}
        </Checkbox>
      )}
      {task.type === "EMAIL_OTP" && !done && (
        <Space direction="vertical" style={{ width: "100%" }}>
          <Typography.Text>{t("accounts.request.willSend", { email: task.data.email })}</Typography.Text>
          <Button onClick={sendCode}>{sent ? t("accounts.request.resendCode") : t("accounts.request.sendCode")}</Button>
          <Input
            aria-label={t("accounts.request.code")}
            inputMode="numeric"
            maxLength={6}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            placeholder="000000"
          />
        </Space>
      )}
      {done && <Alert type="info" showIcon message={t("accounts.request.stepComplete")} />}
      {error && <Alert type="error" showIcon message={error} />}
      {!done && (
        <Button type="primary" block onClick={submit}>
          {t("accounts.request.continue")}
        </Button>
      )}
      <Typography.Text type="secondary">{t("accounts.request.footer")}</Typography.Text>
    </Space>
  );
}

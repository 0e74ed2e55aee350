/**
 * An account request's task steps (SPEC §4): declaration, agreement (with its PDF), then the code
 * sent by email; completed steps can be revisited. After the last, the provisioning message.
 */
import { useState } from "react";
import { Alert, Button, Checkbox, Input, Space, Steps, Typography } from "antd";
import { download } from "../../api/client.ts";
import { urlOf } from "../../api/call.ts";
import { useWrite } from "../../api/write.ts";
import { useToast } from "../../hooks/use-toast.ts";
import { accountRequestEndpoints, type AccountRequest } from "../../../../resources/account-requests.ts";
import type { SentBodyOf } from "../../../../resources/define-endpoint.ts";

const TITLES: Record<string, string> = { DECLARATION: "Declaration", AGREEMENT: "Agreement", EMAIL_OTP: "Email verification", PHONE_OTP: "Phone verification" };

export function AccountRequestSteps({ initial }: { initial: AccountRequest }) {
  const toast = useToast();
  const write = useWrite();
  const [request, setRequest] = useState(initial);
  const firstOpen = request.tasks.findIndex((t) => t.state !== "COMPLETED");
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
    if (task.type === "DECLARATION" && !accepted) return setError("Please accept declaration");
    if (task.type === "AGREEMENT" && !accepted) return setError("Please accept agreement");
    if (task.type === "EMAIL_OTP" && !code) return setError("Enter the verification code");
    if (task.type === "EMAIL_OTP" && !/^\d{6}$/.test(code)) return setError("Incomplete code");
    const body = task.type === "AGREEMENT" ? { accepted, agreement_id: task.data.id } : task.type === "EMAIL_OTP" ? { otp_code: code } : { accepted };
    const next = await send("submit", body);
    if (!next) return;
    // SPEC §8: the emailed code accepted says so, as its sending did ('Verification code sent').
    if (task.type === "EMAIL_OTP") toast.success("Verification successful");
    setAccepted(false);
    setCode("");
    const open = next.tasks.findIndex((t) => t.state !== "COMPLETED");
    if (open >= 0) setCurrent(open);
  }
  async function sendCode() {
    if (await send("initialize")) {
      setSent(true);
      toast.success("Verification code sent");
    }
  }

  if (request.state === "COMPLETED") {
    return <Alert type="success" showIcon message="Your account has been provisioned" description="Its deposit details are ready on the account page." />;
  }
  const done = task.state === "COMPLETED";
  return (
    <Space direction="vertical" style={{ width: "100%" }} size={16}>
      <Steps
        size="small"
        current={current}
        onChange={(i) => i <= (firstOpen < 0 ? i : firstOpen) && setCurrent(i)}
        items={request.tasks.map((t) => ({ title: TITLES[t.type] ?? t.type, status: t.state === "COMPLETED" ? "finish" : undefined }))}
      />
      {task.type === "DECLARATION" && <Typography.Paragraph>{task.data.text}</Typography.Paragraph>}
      {task.type === "AGREEMENT" && (
        <Typography.Paragraph>
          {task.data.description}.{" "}
          <Typography.Link
            onClick={() => download(urlOf(accountRequestEndpoints.agreement, { params: { id: task.data.id } }), "agreement.pdf").catch((e) => toast.error(e))}
          >
            Download the agreement (PDF)
          </Typography.Link>
        </Typography.Paragraph>
      )}
      {(task.type === "DECLARATION" || task.type === "AGREEMENT") && !done && (
        <Checkbox checked={accepted} onChange={(e) => setAccepted(e.target.checked)}>
          {task.type === "DECLARATION" ? "I accept this declaration" : "I have read and accept the agreement"}
        </Checkbox>
      )}
      {task.type === "EMAIL_OTP" && !done && (
        <Space direction="vertical" style={{ width: "100%" }}>
          <Typography.Text>We will send a 6-digit code to {task.data.email}.</Typography.Text>
          <Button onClick={sendCode}>{sent ? "Resend code" : "Send code"}</Button>
          <Input aria-label="Verification code" inputMode="numeric" maxLength={6} value={code} onChange={(e) => setCode(e.target.value)} placeholder="000000" />
        </Space>
      )}
      {done && <Alert type="info" showIcon message="This step is complete." />}
      {error && <Alert type="error" showIcon message={error} />}
      {!done && (
        <Button type="primary" block onClick={submit}>
          Continue
        </Button>
      )}
      <Typography.Text type="secondary">Your account is being provisioned once every step is complete.</Typography.Text>
    </Space>
  );
}

/**
 * Step-up for money movements (SPEC §7 one-time-code header): members with two-factor
 * authentication ask for an emailed code (again after 60 s) and type it before confirming; others
 * see nothing. The code is asked for the write exactly as it will be sent (its path and body): it
 * confirms that write only, so a changed amount or payee needs a new code. It travels as the
 * `one-time-code` header of the write.
 */
import { useState } from "react";
import { useTranslate } from "@refinedev/core";
import { Button, Form, Space, Typography } from "antd";
import { CodeInput } from "../form/code-input.tsx";
import type { Endpoint } from "../../../../resources/define-endpoint.ts";
import { stepUpEndpoints } from "../../../../resources/step-up.ts";
import { call, urlOf } from "../../api/call.ts";
import { useToast } from "../../hooks/use-toast.ts";
import { useSession } from "../../session/session.tsx";
import { useCountdown } from "../../hooks/use-countdown.ts";

export type OneTimeCode = ReturnType<typeof useOneTimeCode>;
/** The money write a code is asked for: its endpoint (a POST without path parameters) and JSON body, as they will be sent. */
export type CodeRequest = { endpoint: Endpoint; body: Record<string, unknown> };

export function useOneTimeCode() {
  const { session } = useSession();
  const required = !!session?.user.two_factor_enabled;
  const [code, setCode] = useState("");
  return {
    required,
    code,
    setCode,
    /** Whether the write may go: no code needed, or six digits typed. */
    ready: !required || /^\d{6}$/.test(code),
    headers: (): Record<string, string> => (required ? { "one-time-code": code } : {}),
    reset: () => setCode(""),
  };
}

export function OneTimeCodeInput({ otp, request }: { otp: OneTimeCode; request: CodeRequest | null }) {
  const t = useTranslate();
  const toast = useToast();
  const { wait, restart } = useCountdown();
  const [sent, setSent] = useState(false);
  if (!otp.required) return null;

  async function send() {
    if (!request) return;
    try {
      const res = await call(stepUpEndpoints.oneTimeCode, {
        body: { purpose: "payment", method: "POST", path: urlOf(request.endpoint), body: request.body },
      });
      toast.success(res.message);
      setSent(true);
      restart();
    } catch (e) {
      toast.error(e);
    }
  }

  return (
    <Form.Item label={t("money.oneTimeCode.label")} htmlFor="one-time-code" extra={t("money.oneTimeCode.hint")}>
      <Space>
        <CodeInput id="one-time-code" value={otp.code} onChange={otp.setCode} style={{ width: 160, textAlign: "center" }} />
        {wait > 0 ? (
          <Typography.Text type="secondary">{t("money.oneTimeCode.resendIn", { seconds: wait })}</Typography.Text>
        ) : (
          <Button onClick={send} disabled={!request}>
            {sent ? t("money.oneTimeCode.resend") : t("money.oneTimeCode.send")}
          </Button>
        )}
      </Space>
    </Form.Item>
  );
}

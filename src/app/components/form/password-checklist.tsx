/** SPEC §5 checklist under a new password, ticked as it is typed (the rules: resources/auth.ts). */
import { CheckCircleFilled, CloseCircleOutlined } from "@ant-design/icons";
import { useTranslate } from "@refinedev/core";
import { Typography } from "antd";
import { PASSWORD_CHECKLIST } from "../../../../resources/auth.ts";

export function PasswordChecklist({ value }: { value: string }) {
  const t = useTranslate();
  // Each rule of resources/auth.ts in the member's language (a rule added there shows as declared until it has a key).
  const words: Record<string, string> = {
    "At least 8 characters": t("common.passwordRules.length"),
    "1 uppercase letter": t("common.passwordRules.uppercase"),
    "1 number": t("common.passwordRules.number"),
    "1 special character": t("common.passwordRules.special"),
  };
  return (
    <ul aria-label={t("common.passwordRules.title")} style={{ listStyle: "none", padding: 0, margin: "-8px 0 16px" }}>
      {PASSWORD_CHECKLIST.map(({ label, test }) => {
        const met = test(value ?? "");
        return (
          <li key={label} data-met={met}>
            <Typography.Text type={met ? "success" : "secondary"} style={{ fontSize: 12 }}>
              {met ? <CheckCircleFilled aria-label={t("common.passwordRules.met")} /> : <CloseCircleOutlined aria-label={t("common.passwordRules.notMet")} />}{" "}
              {words[label] ?? label}
            </Typography.Text>
          </li>
        );
      })}
    </ul>
  );
}

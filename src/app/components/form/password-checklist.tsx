/** SPEC §5 checklist under a new password, ticked as it is typed (the rules: resources/auth.ts). */
import { CheckCircleFilled, CloseCircleOutlined } from "@ant-design/icons";
import { Typography } from "antd";
import { PASSWORD_CHECKLIST } from "../../../../resources/auth.ts";

export function PasswordChecklist({ value }: { value: string }) {
  return (
    <ul aria-label="Password requirements" style={{ listStyle: "none", padding: 0, margin: "-8px 0 16px" }}>
      {PASSWORD_CHECKLIST.map(({ label, test }) => {
        const met = test(value ?? "");
        return (
          <li key={label} data-met={met}>
            <Typography.Text type={met ? "success" : "secondary"} style={{ fontSize: 12 }}>
              {met ? <CheckCircleFilled aria-label="met" /> : <CloseCircleOutlined aria-label="not met" />} {label}
            </Typography.Text>
          </li>
        );
      })}
    </ul>
  );
}

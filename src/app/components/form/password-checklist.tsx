/** SPEC §5 checklist under a new password: at least 8 chars, 1 uppercase, 1 number, 1 special. */
import { CheckCircleFilled, CloseCircleOutlined } from "@ant-design/icons";
import { Space, Typography } from "antd";

const RULES = [
  { label: "At least 8 characters", test: (v: string) => v.length >= 8 },
  { label: "1 uppercase letter", test: (v: string) => /[A-Z]/.test(v) },
  { label: "1 number", test: (v: string) => /\d/.test(v) },
  { label: "1 special character", test: (v: string) => /[^A-Za-z0-9]/.test(v) },
];

export function PasswordChecklist({ value }: { value: string }) {
  return (
    <Space direction="vertical" size={0} style={{ marginBottom: 12 }} aria-label="Password requirements">
      {RULES.map((r) => {
        const ok = r.test(value ?? "");
        return (
          <Typography.Text key={r.label} type={ok ? "success" : "secondary"} style={{ fontSize: 12 }}>
            {ok ? <CheckCircleFilled /> : <CloseCircleOutlined />} {r.label}
          </Typography.Text>
        );
      })}
    </Space>
  );
}

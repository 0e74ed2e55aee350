/**
 * Deposit details as SPEC §3 says: FED_WIRE shown as 'Wire', sort code as xx-xx-xx, NGN bank code
 * and NIP code hidden, nested objects as label pairs, every value copyable.
 */
import { useTranslate } from "@refinedev/core";
import { Card, Descriptions, Space } from "antd";
import { CopyButton, humanize } from "../resource/renderers.tsx";
import { DEPOSIT_TYPE_LABELS, depositFields } from "../../../lib/deposit-labels.ts";
import { depositFieldText, depositTypeText } from "../../i18n/shared-labels.ts";

export type DepositAddress = { type: string; data: Record<string, string> };

export function DepositDetails({ currency, addresses }: { currency: string; addresses: DepositAddress[] }) {
  const t = useTranslate();
  return (
    <Space direction="vertical" style={{ width: "100%" }}>
      {addresses.map((a) => (
        <Card key={a.type} size="small" title={depositTypeText(t, a.type, DEPOSIT_TYPE_LABELS[a.type] ?? humanize(a.type))}>
          <Descriptions column={1} size="small">
            {depositFields(currency, a.data).map(([english, value]) => {
              const label = depositFieldText(t, english);
              return (
                <Descriptions.Item key={english} label={label}>
                  <Space size={4}>
                    {value}
                    <CopyButton value={value} label={t("money.deposit.copy", { label: label.toLowerCase() })} />
                  </Space>
                </Descriptions.Item>
              );
            })}
          </Descriptions>
        </Card>
      ))}
    </Space>
  );
}

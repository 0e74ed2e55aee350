/**
 * Deposit details as SPEC §3 says: FED_WIRE shown as 'Wire', sort code as xx-xx-xx, NGN bank code
 * and NIP code hidden, nested objects as label pairs, every value copyable.
 */
import { Card, Descriptions, Space } from "antd";
import { CopyButton, humanize } from "../resource/renderers.tsx";

export type DepositAddress = { type: string; data: Record<string, string> };

const TYPE_LABELS: Record<string, string> = { FED_WIRE: "Wire", ACH: "ACH", SEPA: "SEPA", FASTER_PAYMENTS: "Faster Payments", NIP: "Bank transfer", KES_BANK: "Bank transfer" };
const FIELD_LABELS: Record<string, string> = {
  account_number: "Account number", account_name: "Account name", bank_name: "Bank name", routing_number: "Routing number",
  sort_code: "Sort code", iban: "IBAN", bic: "BIC", bank_code: "Bank code", nip_code: "NIP code",
};
const HIDDEN_FOR_NGN = ["bank_code", "nip_code"];

export const formatSortCode = (v: string) => v.replace(/^(\d{2})(\d{2})(\d{2})$/, "$1-$2-$3");

export function visibleFields(currency: string, data: Record<string, string>): [string, string][] {
  return Object.entries(data)
    .filter(([k]) => !(currency === "NGN" && HIDDEN_FOR_NGN.includes(k)))
    .map(([k, v]) => [FIELD_LABELS[k] ?? humanize(k.toUpperCase()), k === "sort_code" ? formatSortCode(v) : v]);
}

export function DepositDetails({ currency, addresses }: { currency: string; addresses: DepositAddress[] }) {
  return (
    <Space direction="vertical" style={{ width: "100%" }}>
      {addresses.map((a) => (
        <Card key={a.type} size="small" title={TYPE_LABELS[a.type] ?? humanize(a.type)}>
          <Descriptions column={1} size="small">
            {visibleFields(currency, a.data).map(([label, value]) => (
              <Descriptions.Item key={label} label={label}>
                <Space size={4}>{value}<CopyButton value={value} label={`Copy ${label.toLowerCase()}`} /></Space>
              </Descriptions.Item>
            ))}
          </Descriptions>
        </Card>
      ))}
    </Space>
  );
}

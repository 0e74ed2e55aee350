/** Renderers by key (resources/ names them): money, currency, status, dates, addresses, ... */
import type { ReactNode } from "react";
import { useTranslate } from "@refinedev/core";
import { Button, Flex, Space, Tag, Tooltip, Typography } from "antd";
import { CopyOutlined } from "@ant-design/icons";
import type { Display, Flag, RendererKey } from "../../../../resources/define-resource.ts";
import { pathGet } from "../../../../resources/define-resource.ts";
import { BLOCKCHAIN_LABELS, CURRENCY_COLORS, type Blockchain } from "../../../lib/assets.ts";
import { formatDateTime, formatDay } from "../../../lib/dates.ts";
import { MoneyText, RateText } from "../money/figures.tsx";
import { countryName, formatPostalAddress, maskSecret } from "./country-options.ts";
import { NameCheckTag, PayeeStatus } from "../beneficiaries/payee-tags.tsx";
import { humanize } from "./declared-text.ts";

import { statusColor } from "./status-colours.ts";
import { destinationText, frequencyText } from "../../i18n/shared-labels.ts";
import type { Frequency as ScheduleFrequency } from "../../../lib/schedule-dates.ts";
import { OneLine } from "../layout/one-line.tsx";
import { shorten } from "../../../lib/shorten.ts";
import { StatusTag } from "./state-tag.tsx";
import { useFeedback } from "../../providers/feedback.tsx";

/** INVITATION_PENDING -> "Invitation pending" (the English a status value reads as when nothing names it). */
export { humanize };

/** The few words renderers say of their own. */
function Words({ of }: { of: "yes" | "no" | "notApplicable" | "present" }) {
  const t = useTranslate();
  const words = { yes: t("common.yes"), no: t("common.no"), notApplicable: t("common.notApplicable"), present: t("resource.value.present") };
  return words[of];
}

/** A beneficiary's destination as the server names it ("Bank transfer"), in the member's language. */
function DestinationWords({ value }: { value: string }) {
  return destinationText(useTranslate(), value);
}

/** A payment schedule's frequency ("Monthly on the 1st") from its row, in the member's language; the server's words if the row lacks the rule. */
function FrequencyWords({ record, value }: { record: Record<string, unknown>; value: string }) {
  const t = useTranslate();
  const { frequency, start_date, day_of_month } = record as { frequency?: ScheduleFrequency; start_date?: string; day_of_month?: number | null };
  return frequency && start_date ? frequencyText(t, { frequency, startDate: start_date, dayOfMonth: day_of_month ?? null }) : value;
}

function ViewButton() {
  const t = useTranslate();
  return (
    <Button type="link" size="small" style={{ paddingInline: 0 }}>
      {t("common.view")}
    </Button>
  );
}

export function CopyButton({ value, label: given }: { value: string; label?: string }) {
  const { message } = useFeedback();
  const t = useTranslate();
  const label = given ?? t("common.copy");
  return (
    <Tooltip title={label}>
      <Button
        size="small"
        type="text"
        aria-label={label}
        icon={<CopyOutlined />}
        onClick={async (e) => {
          e.stopPropagation();
          try {
            await navigator.clipboard.writeText(value);
            message.success(t("resource.copy.done"));
          } catch {
            message.error(t("resource.copy.failed"));
          }
        }}
      />
    </Tooltip>
  );
}

/** The declared flags that hold for a record, as tags beside its value (nothing when none hold). */
export function renderFlags(flags: Flag[] | undefined, record: unknown): ReactNode {
  const on = (flags ?? []).filter((f) => pathGet(record, f.field) === true);
  return on.length
    ? on.map((f) => (
        <Tag key={f.field} color={f.color} style={{ marginInlineStart: 4 }}>
          {f.label}
        </Tag>
      ))
    : null;
}

/** `currencyField` names the currency of "money" (and the base of "rate"); `quoteCurrencyField` the currency a "rate" gives. */
export function renderValue(key: RendererKey | undefined, value: unknown, record: unknown, currencyField?: string, quoteCurrencyField?: string): ReactNode {
  // Renderers that say something of their own for an empty value.
  if (key === "blank") return null;
  if (key === "moneyOrNA" && (value === null || value === undefined || value === "")) return <Words of="notApplicable" />;
  if (key === "changes")
    return (
      <Changes
        after={(value ?? {}) as Record<string, unknown>}
        before={pathGet(record, "before") as Record<string, unknown> | null}
        route={String(pathGet(record, "route") ?? "")}
      />
    );
  if (key === "payeeStatus") return <PayeeStatus record={(record ?? {}) as Record<string, never>} />;
  if (value === null || value === undefined || value === "") return <Typography.Text type="secondary">—</Typography.Text>;
  switch (key) {
    case "destination":
      return <DestinationWords value={String(value)} />;
    case "frequency":
      return <FrequencyWords record={(record ?? {}) as Record<string, unknown>} value={String(value)} />;
    case "nameCheck":
      return <NameCheckTag check={value as Parameters<typeof NameCheckTag>[0]["check"]} />;
    case "moneyOrNA":
    case "money": {
      const currency = String(pathGet(record, currencyField ?? "currency") ?? "");
      return <MoneyText minor={String(value)} currency={currency} />;
    }
    case "signedMoney": {
      const currency = String(pathGet(record, currencyField ?? "currency") ?? "");
      return <MoneyText minor={String(value)} currency={currency} signed />;
    }
    case "currency":
      return <Tag color={CURRENCY_COLORS[String(value)]}>{String(value)}</Tag>;
    case "status":
      return <StatusTag value={String(value)} />;
    case "date":
      return formatDay(String(value));
    case "datetime":
      return formatDateTime(String(value));
    case "rate":
      return (
        <RateText
          from={String(pathGet(record, currencyField ?? "currency") ?? "")}
          to={String(pathGet(record, quoteCurrencyField ?? "") ?? "")}
          rate={String(value)}
        />
      );
    case "address":
      return (
        <Space size={4}>
          <Typography.Text code title={String(value)}>
            {shorten(String(value))}
          </Typography.Text>
          <CopyButton value={String(value)} />
        </Space>
      );
    case "sortCode":
      return String(value).replace(/^(\d{2})(\d{2})(\d{2})$/, "$1-$2-$3");
    case "boolean":
      return <Words of={value ? "yes" : "no"} />;
    case "roles":
      return (value as { name: string }[]).map((r) => <Tag key={r.name}>{r.name}</Tag>);
    case "tags":
      return (
        <Flex gap={4} wrap>
          {(value as string[]).map((t) => (
            <Tag key={t}>{t}</Tag>
          ))}
        </Flex>
      );
    case "code":
      return <Typography.Text code>{String(value)}</Typography.Text>;
    case "url":
      return <Typography.Text style={{ wordBreak: "break-all" }}>{String(value)}</Typography.Text>;
    case "person": {
      const p = value as { first_name: string; last_name: string };
      return `${p.first_name} ${p.last_name}`;
    }
    case "wallet": {
      const w = record as { currency: string; blockchain: string; address: string };
      return (
        <Space size={8}>
          <Tag color={CURRENCY_COLORS[w.currency]}>{w.currency}</Tag>
          <span>{BLOCKCHAIN_LABELS[w.blockchain as Blockchain] ?? w.blockchain}</span>
          <Typography.Text code title={w.address}>
            {shorten(w.address)}
          </Typography.Text>
        </Space>
      );
    }
    case "blockchain":
      return BLOCKCHAIN_LABELS[String(value) as Blockchain] ?? String(value);
    case "view":
      // A real button, so the keyboard reaches it; its click opens the row like a click anywhere on it.
      return <ViewButton />;
    case "country":
      return countryName(String(value));
    case "postalAddress":
      return formatPostalAddress(value as Parameters<typeof formatPostalAddress>[0]) || <Typography.Text type="secondary">—</Typography.Text>;
    case "masked":
      return maskSecret(String(value));
    case "period": {
      // The period's start is the value; its end is the record's period_end_date (none while open).
      const end = pathGet(record, "period_end_date");
      return (
        <>
          {formatDay(String(value))} – {end ? formatDay(String(end)) : <Words of="present" />}
        </>
      );
    }
    case "customer": {
      const c = value as { name?: string; account_number?: string };
      return (
        <Space direction="vertical" size={0}>
          <span>{c.name || "—"}</span>
          {c.account_number && <Typography.Text type="secondary">{c.account_number}</Typography.Text>}
        </Space>
      );
    }
    case "actions":
    case "buttons":
      // The list renders the row's menu or buttons itself (they need hooks); elsewhere there is nothing to show.
      return null;
    default:
      return String(value);
  }
}

/** A declared column or detail field: where its value is, its renderer and how the value reads. */
type Shown = Display & { field: string; render?: RendererKey; currencyField?: string; quoteCurrencyField?: string };

/** A declared column's or detail field's value: its empty text, its labels and its tag limit first, else its renderer. */
export function renderField(shown: Shown, record: unknown): ReactNode {
  const value = pathGet(record, shown.field);
  if ((value === null || value === undefined || value === "") && shown.emptyText !== undefined) return shown.emptyText;
  const label = typeof value === "string" ? shown.labels?.[value] : undefined;
  if (label !== undefined) return shown.render === "status" ? <Tag color={statusColor(String(value))}>{label}</Tag> : label;
  const limit = shown.render === "tags" ? shown.tagLimit : undefined;
  if (limit && Array.isArray(value) && value.length > limit.shown)
    return (
      <Tooltip title={value.join(", ")}>
        <Tag>{`${value.length} ${limit.noun}`}</Tag>
      </Tooltip>
    );
  return renderValue(shown.render, value, record, shown.currencyField, shown.quoteCurrencyField);
}

const shown = (v: unknown) => (Array.isArray(v) && v.every((x) => typeof x !== "object") ? v.join(", ") : typeof v === "string" ? v : JSON.stringify(v));

/** Each field of an audit entry's request, with the value it replaced beside it when the entry kept one. */
function Changes({ after, before, route }: { after: Record<string, unknown>; before: Record<string, unknown> | null; route: string }) {
  const fields = Object.entries(after);
  // Nothing was sent (enable, disable, cancel): the call itself says what was done.
  if (fields.length === 0)
    return (
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {route || "—"}
      </Typography.Text>
    );
  return (
    <Space direction="vertical" size={0} style={{ maxWidth: 360 }}>
      {fields.map(([k, v]) => {
        const change = before && k in before ? `${shown(before[k])} → ${shown(v)}` : shown(v);
        return (
          <OneLine key={k} title={`${k}: ${change}`} style={{ maxWidth: 360, fontSize: 12 }}>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {k}:
            </Typography.Text>{" "}
            {change}
          </OneLine>
        );
      })}
    </Space>
  );
}

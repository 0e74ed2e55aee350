/**
 * What the Developers tabs' bespoke screens share (SPEC §4 Key/webhook states, §7 Developers, §9 page
 * size 10): writes through the shared write (an endpoint of resources/developers.ts, which declares
 * what it changes) with the server's message toasted, the delivery state tags,
 * dates shown with what stands for their absence, and a checklist with 'Select all' for the forms.
 */
import { useCallback, type ReactNode } from "react";
import { useTranslate } from "@refinedev/core";
import { Alert, Checkbox, Space, Tag, Typography } from "antd";
import { formatDateTime as dateTime } from "../../../lib/dates.ts";
import type { CallInput } from "../../api/call.ts";
import { useWrite } from "../../api/write.ts";
import { useToast } from "../../hooks/use-toast.ts";
import { useSession } from "../../session/session.tsx";
import type { Endpoint } from "../../../../resources/define-endpoint.ts";

export const PAGE_SIZE = 10;

/**
 * What the member may do in the delivery console, from the policy: resending, test events and secret
 * rotation are asked of it one by one. (Editing, enabling and disabling are the resources' declared
 * Edit and actions, offered by the generic screens.)
 */
export function useDeveloperRights() {
  const { can } = useSession();
  return {
    resendDeliveries: can("webhooks", "resend"),
    sendTestEvents: can("webhooks", "test"),
    rotateSecrets: can("webhooks", "rotate-secret"),
  };
}

/**
 * One write with the server's wording toasted (what it changes re-read, as its endpoint declares);
 * failures toast the server's message and rethrow so a form can keep itself open.
 */
export function useDeveloperCall() {
  const toast = useToast();
  const write = useWrite();
  return useCallback(
    async <E extends Endpoint>(endpoint: E, input: CallInput<E>) => {
      try {
        const res = await write(endpoint, input);
        toast.success(res.message);
        return res;
      } catch (e) {
        toast.error(e);
        throw e;
      }
    },
    [toast, write],
  );
}

const STATE_COLOURS: Record<string, string | undefined> = {
  ENABLED: "green",
  DISABLED: "red",
  EXPIRED: undefined,
  DELIVERED: "green",
  PENDING: "gold",
  FAILED: "red",
};

export function StateTag({ state }: { state: string }) {
  return <Tag color={STATE_COLOURS[state]}>{state}</Tag>;
}

export const formatDateTime = (value: string | null | undefined, empty: string) => (value ? dateTime(value) : empty);

export function FetchError({ message, error }: { message: string; error: unknown }) {
  return <Alert type="error" showIcon message={message} description={(error as { message?: string } | null)?.message} />;
}

export type ChecklistOption = { value: string; label: ReactNode };

/** Checkboxes with a 'Select all' toggle above them (SPEC §5 Webhook and API key: select all). */
export function Checklist({
  id,
  options,
  value,
  onChange,
  onBlur,
  disabled,
}: {
  id: string;
  options: ChecklistOption[];
  value: string[] | undefined;
  onChange: (next: string[]) => void;
  onBlur?: () => void;
  disabled?: boolean;
}) {
  const t = useTranslate();
  const chosen = value ?? [];
  const all = options.length > 0 && options.every((o) => chosen.includes(o.value));
  const some = !all && options.some((o) => chosen.includes(o.value));
  return (
    <Space id={id} direction="vertical" size={6} style={{ width: "100%" }} onBlur={onBlur}>
      <Checkbox
        checked={all}
        indeterminate={some}
        disabled={disabled || options.length === 0}
        onChange={(e) => onChange(e.target.checked ? options.map((o) => o.value) : [])}
      >
        {t("developers.selectAll")}
      </Checkbox>
      <Checkbox.Group value={chosen} onChange={(next) => onChange(next as string[])} disabled={disabled} style={{ display: "block" }}>
        <Space direction="vertical" size={6} style={{ paddingInlineStart: 12 }}>
          {options.map((o) => (
            <Checkbox key={o.value} value={o.value}>
              {o.label}
            </Checkbox>
          ))}
        </Space>
      </Checkbox.Group>
    </Space>
  );
}

/** A checklist label: the machine name (what the API speaks) beside what it means. */
export function NamedOption({ name, description }: { name: string; description: string }) {
  return (
    <span>
      <Typography.Text code>{name}</Typography.Text> <Typography.Text type="secondary">{description}</Typography.Text>
    </span>
  );
}

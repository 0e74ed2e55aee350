/**
 * What the Developers tabs share (SPEC §4 Key/webhook states, §7 Developers, §9 page size 10): paged
 * reads through the typed client (`call()` of an endpoint in resources/developers.ts), writes with the server's message toasted and the lists re-read, the state
 * tags, dates shown as 'Never' when absent, and a checklist with 'Select all' for the forms.
 */
import { useCallback, type ReactNode } from "react";
import { keepPreviousData, useQuery, useQueryClient, type UseQueryResult } from "@tanstack/react-query";
import { Alert, Card, Checkbox, Empty, Flex, Space, Table, Tag, Typography, type TableColumnsType } from "antd";
import { formatDateTime as dateTime, formatDay } from "../../../lib/dates.ts";
import { call, type CallInput } from "../../api/call.ts";
import { useToast } from "../../hooks/use-toast.ts";
import { useSession } from "../../session/session.tsx";
import type { ApiKey } from "../../../../resources/developers.ts";
import type { Endpoint, Page } from "../../../../resources/define-endpoint.ts";

export const PAGE_SIZE = 10;
export const KEYS_QUERY = ["developers", "api-keys"] as const;
export const HOOKS_QUERY = ["developers", "webhooks"] as const;

/**
 * What the member may change here, from the policy: the business's webhooks (users_write), and which
 * keys they may disable (their own, or anyone's with users_write). Everyone sees both lists and the
 * deliveries; resending, test events and secret rotation are asked of the policy one by one.
 */
export function useDeveloperRights() {
  const { can } = useSession();
  return {
    manageWebhooks: can("webhooks", "edit"),
    resendDeliveries: can("webhooks", "resend"),
    sendTestEvents: can("webhooks", "test"),
    rotateSecrets: can("webhooks", "rotate-secret"),
    mayDisable: (k: ApiKey) => k.state === "ENABLED" && (k.is_own || can("api-keys", "disable-any")),
  };
}

export type Paged<T> = Page<T>;

/** One page (PAGE_SIZE rows) of a list endpoint. */
export function usePagedList<E extends Endpoint>(queryKey: readonly string[], endpoint: E, page: number) {
  return useQuery({
    queryKey: [...queryKey, "list", page],
    queryFn: async () => (await call(endpoint, { query: { page, limit: PAGE_SIZE } })).data,
    // Paging keeps the previous rows on screen instead of flashing the empty state.
    placeholderData: keepPreviousData,
  });
}

/** One record: its key names the endpoint's path and the record's parameters. */
export function useRecord<E extends Endpoint>(queryKey: readonly string[], endpoint: E, params: NonNullable<CallInput<E>["params"]>) {
  return useQuery({
    queryKey: [...queryKey, "detail", endpoint.path, params],
    queryFn: async () => (await call(endpoint, { params })).data,
  });
}

/**
 * One write with the server's wording toasted and everything under `invalidate` re-read; failures
 * toast the server's message and rethrow so a form can keep itself open.
 */
export function useDeveloperCall() {
  const toast = useToast();
  const client = useQueryClient();
  return useCallback(
    async <E extends Endpoint>(endpoint: E, input: CallInput<E>, invalidate: readonly string[]) => {
      try {
        const res = await call(endpoint, input);
        toast.success(res.message);
        await client.invalidateQueries({ queryKey: invalidate });
        return res;
      } catch (e) {
        toast.error(e);
        throw e;
      }
    },
    [toast, client],
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

export function GrantTags({ grants }: { grants: string[] }) {
  return (
    <Flex gap={4} wrap>
      {grants.map((g) => (
        <Tag key={g}>{g}</Tag>
      ))}
    </Flex>
  );
}

export const formatDate = (value: string | null | undefined, empty = "Never") => (value ? formatDay(value) : empty);

export const formatDateTime = (value: string | null | undefined, empty = "Never") => (value ? dateTime(value) : empty);

export function FetchError({ message, error }: { message: string; error: unknown }) {
  return <Alert type="error" showIcon message={message} description={(error as { message?: string } | null)?.message} />;
}

function EmptyState({ text }: { text: string }) {
  return <Empty description={<Typography.Text>{text}</Typography.Text>} />;
}

type ListCardProps<T> = {
  intro: string;
  action: ReactNode;
  list: UseQueryResult<Paged<T>>;
  page: number;
  onPage: (page: number) => void;
  errorMessage: string;
  emptyText: string;
  onOpen: (row: T) => void;
  columns: TableColumnsType<T>;
  /** The modals the list opens. */
  children?: ReactNode;
};

/** A tab's list: intro and create button above, the page of rows (10) or the SPEC's error and empty text. */
export function ListCard<T extends { id: string }>({
  intro,
  action,
  list,
  page,
  onPage,
  errorMessage,
  emptyText,
  onOpen,
  columns,
  children,
}: ListCardProps<T>) {
  const total = list.data?.total_items ?? 0;
  return (
    <Card>
      <Flex justify="space-between" align="center" gap={12} wrap style={{ marginBottom: 16 }}>
        <Typography.Text type="secondary">{intro}</Typography.Text>
        {action}
      </Flex>
      {list.isError ? (
        <FetchError message={errorMessage} error={list.error} />
      ) : (
        <Table<T>
          rowKey="id"
          loading={list.isLoading}
          dataSource={list.data?.items ?? []}
          onRow={(r) => ({ onClick: () => onOpen(r), style: { cursor: "pointer" } })}
          columns={columns}
          locale={{ emptyText: list.isLoading ? " " : <EmptyState text={emptyText} /> }}
          pagination={total > 0 ? { current: page, pageSize: PAGE_SIZE, total, onChange: onPage, showSizeChanger: false } : false}
          scroll={{ x: "max-content" }}
        />
      )}
      {children}
    </Card>
  );
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
        Select all
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

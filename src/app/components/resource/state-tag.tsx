/** A state or status as a coloured tag, in the member's language. Apart from the renderers, for pages that need no other. */
import { useTranslate } from "@refinedev/core";
import { Tag } from "antd";
import { statusColor } from "./status-colours.ts";
import { statusText } from "./use-declared.ts";
import { declaredKey, segment } from "./declared-text.ts";

/** A status value as a tag: its colour, and its words in the member's language (resources.status.<VALUE>). */
export function StatusTag({ value }: { value: string }) {
  const t = useTranslate();
  return <Tag color={statusColor(value)}>{statusText(t, value)}</Tag>;
}

/** A record's state, in the words its resource declares for its state column. */ export function DeclaredStateTag({
  resource,
  labels,
  state,
}: {
  resource: string;
  labels: Record<string, string>;
  state: string;
}) {
  const t = useTranslate();
  return <Tag color={statusColor(state)}>{t(declaredKey(resource, `columns.state.labels.${segment(state)}`), labels[state] ?? state)}</Tag>;
}

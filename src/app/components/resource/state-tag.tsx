/** A record's state as a coloured tag, in the words its resource declares for its state column. */
import { useTranslate } from "@refinedev/core";
import { Tag } from "antd";
import { statusColor } from "./renderers.tsx";
import { declaredKey, segment } from "./declared-text.ts";

export function DeclaredStateTag({ resource, labels, state }: { resource: string; labels: Record<string, string>; state: string }) {
  const t = useTranslate();
  return <Tag color={statusColor(state)}>{t(declaredKey(resource, `columns.state.labels.${segment(state)}`), labels[state] ?? state)}</Tag>;
}

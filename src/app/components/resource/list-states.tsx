/** What a list shows instead of rows: its empty state, or the locked-feature notice of SPEC §2. */
import type { ReactNode } from "react";
import { useTranslate } from "@refinedev/core";
import { Card, Empty, Typography } from "antd";
import type { EmptyState } from "../../../../resources/define-resource.ts";

/** The title in bold above the body; without a title, the body alone as the message. */
export function EmptyMessage({ state, children }: { state: EmptyState; children?: ReactNode }) {
  return (
    <Empty
      description={
        state.title ? (
          <>
            <Typography.Text strong>{state.title}</Typography.Text>
            <br />
            {state.body}
          </>
        ) : (
          <Typography.Text>{state.body}</Typography.Text>
        )
      }
    >
      {children}
    </Empty>
  );
}

/** `name` is the resource's locked name in the member's language ("transactions"). */
export function LockedNotice({ name, style }: { name: string; style?: React.CSSProperties }) {
  const t = useTranslate();
  return (
    <Card style={style}>
      <Empty
        description={
          <>
            <Typography.Text strong>{t("resource.locked.title", { name })}</Typography.Text>
            <br />
            {t("resource.locked.body", { name })}
          </>
        }
      />
    </Card>
  );
}

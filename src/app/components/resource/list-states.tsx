/** What a list shows instead of rows: its empty state, or the locked-feature notice of SPEC §2. */
import type { ReactNode } from "react";
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

export function LockedNotice({ name, style }: { name: string; style?: React.CSSProperties }) {
  return (
    <Card style={style}>
      <Empty
        description={
          <>
            <Typography.Text strong>{`No ${name}`}</Typography.Text>
            <br />
            {`No ${name} have been created in this account yet. Complete your KYC to have full access`}
          </>
        }
      />
    </Card>
  );
}

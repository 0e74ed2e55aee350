/**
 * An account's or wallet's transactions, at the foot of its page: the table's code loads after the
 * page's first paint (antd's Table is 27 kB), a skeleton holding its place meanwhile.
 */
import { type ComponentProps, Suspense } from "react";
import { Skeleton } from "antd";
import { lazyNamed } from "../../lib/lazy.ts";

const TransactionsTable = lazyNamed(() => import("./owner-transactions-table.tsx"), "OwnerTransactions");

export function OwnerTransactions(props: ComponentProps<typeof TransactionsTable>) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 5 }} />}>
      <TransactionsTable {...props} />
    </Suspense>
  );
}

/**
 * The space antd's table pager takes, held while its code loads (vite.config.ts LATER_IN_BROWSER):
 * without it, whatever sits below a table (the approvals dialog's "See all pending transactions")
 * moved down when the pager arrived, under a pointer already on its way to it.
 */
import { theme } from "antd";
import type { PaginationProps } from "antd";

export default function PagerSpace({ className, size, total = 0, pageSize = 10, hideOnSinglePage }: PaginationProps) {
  const { token } = theme.useToken();
  // The pager renders nothing then: neither does its stand-in.
  if (hideOnSinglePage && total <= pageSize) return null;
  // "ant-pagination" as well, for the table's rule that gives its pager a margin above and below.
  return <div aria-hidden className={`${className ?? ""} ant-pagination`} style={{ height: size === "small" ? token.controlHeightSM : token.controlHeight }} />;
}

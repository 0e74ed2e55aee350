/**
 * Text cut to one line with an ellipsis by CSS alone, the whole of it in `title` (the browser's own
 * tooltip). antd's Typography `ellipsis` also measures every element once it mounts, appending a probe
 * and reading both boxes: one forced layout each, which for the dashboard's cards and the audit log's
 * rows cost ~120 ms of main thread on a slow machine (and the header's again each time the page
 * below it loads). A styled tooltip goes around it (<Tooltip title>), shown whether or not the text was cut.
 */
import type { ComponentProps, CSSProperties } from "react";
import { Typography } from "antd";

const CUT: CSSProperties = {
  display: "inline-block",
  maxWidth: "100%",
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap",
  verticalAlign: "bottom",
};

/** `title`: the whole text, unless a Tooltip around it shows it. */
type Props = Omit<ComponentProps<typeof Typography.Text>, "ellipsis" | "title"> & { title?: string };

export function OneLine({ style, ...props }: Props) {
  return <Typography.Text {...props} style={{ ...CUT, ...style }} />;
}

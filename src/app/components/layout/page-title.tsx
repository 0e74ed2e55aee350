/**
 * A page's one <h1> (WCAG 1.3.1, 2.4.6: every page names itself in a heading), drawn at the size its
 * title had as an h3 (or h2 or h4: `look`), so making it the page's main heading changes nothing seen.
 */
import type { CSSProperties, ReactNode } from "react";
import { Typography, theme } from "antd";

type Props = { children: ReactNode; look?: 2 | 3 | 4; style?: CSSProperties; "data-testid"?: string };

export function PageTitle({ children, look = 3, style, ...rest }: Props) {
  const { token } = theme.useToken();
  const size = {
    2: { fontSize: token.fontSizeHeading2, lineHeight: token.lineHeightHeading2 },
    3: { fontSize: token.fontSizeHeading3, lineHeight: token.lineHeightHeading3 },
    4: { fontSize: token.fontSizeHeading4, lineHeight: token.lineHeightHeading4 },
  }[look];
  return (
    <Typography.Title level={1} style={{ ...size, ...style }} {...rest}>
      {children}
    </Typography.Title>
  );
}

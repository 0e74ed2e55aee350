/** The Swap panel beside a list (the crypto wallets page, `aside: "swap-panel"`): wallets come first as what you give. */
import type { CSSProperties } from "react";
import { SwapPanel } from "./swap-panel.tsx";

export default function SwapAside({ style }: { style?: CSSProperties }) {
  return <SwapPanel prefer="wallet" style={style} />;
}

/**
 * Amounts and rates on screen (issue 26): written by the one formatter of each (src/lib), on one line
 * (a figure broken mid-number, "1,250,000.0 / 0 NGN", is misread), with the exact figure on hover
 * where the shown one is shorter.
 */
import type { CSSProperties } from "react";
import { useTranslate } from "@refinedev/core";
import { exactMoney, formatMoney, formatSignedMoney } from "../../../lib/money.ts";
import { rateLine } from "../../../lib/rate-display.ts";

const ONE_LINE: CSSProperties = { whiteSpace: "nowrap" };

type MoneyProps = {
  minor: bigint | string;
  currency: string;
  /** "+" or "−" by the amount's own sign (a balance's change). */
  signed?: boolean;
  strong?: boolean;
  "data-testid"?: string;
};

/** "1,007,097.00 USDT", and "1,007,097.000000 USDT" on hover. */
export function MoneyText({ minor, currency, signed, strong, "data-testid": testId }: MoneyProps) {
  const v = BigInt(minor);
  const abs = v < 0n ? -v : v;
  const shown = signed ? formatSignedMoney(v, currency) : formatMoney(v, currency);
  // The same text with every decimal: only the digits differ, so the sign stays where it is.
  const exact = shown.replace(formatMoney(abs, currency), exactMoney(abs, currency));
  return (
    <span style={strong ? { ...ONE_LINE, fontWeight: 600 } : ONE_LINE} title={exact !== shown ? exact : undefined} data-testid={testId}>
      {shown}
    </span>
  );
}

/** "1 USD = 1,617.06 NGN", the stored rate on hover; a dash when there is none. */
export function RateText({
  from,
  to,
  rate,
  indicative,
  "data-testid": testId,
}: {
  from: string;
  to: string;
  rate: string | null | undefined;
  indicative?: boolean;
  "data-testid"?: string;
}) {
  const t = useTranslate();
  if (!rate) return <span data-testid={testId}>—</span>;
  return (
    <span style={ONE_LINE} title={t("money.figures.exactRate", { from, rate, to })} data-testid={testId}>
      {rateLine(from, to, rate, indicative ? "≈" : "=")}
    </span>
  );
}

/** The status values the console knows by colour (a "status" tag's colour; renderers.tsx): green when done, gold while under way, red when stopped. */
const GREEN = ["ACTIVE", "COMPLETED", "COMPLETE", "ENABLED", "APPROVED", "PAID", "REDEEMED", "SETTLED"];
const GOLD = ["PENDING", "PENDING_APPROVAL", "PROCESSING", "INVITATION_PENDING", "READY", "IN_REVIEW", "OPEN", "PENDING_DEPOSIT_ADDRESS"];
const RED = ["FAILED", "DISABLED", "REJECTED", "FROZEN", "LOCKED"];
const COLOURS: Record<string, string> = { FIAT: "blue", CRYPTO: "purple", BUSINESS: "geekblue", INDIVIDUAL: "cyan" };

/** Every value given a colour here. */
export const COLOURED_STATUSES = [...GREEN, ...GOLD, ...RED, ...Object.keys(COLOURS)];

export function statusColor(value: string): string | undefined {
  if (GREEN.includes(value)) return "green";
  if (GOLD.includes(value)) return "gold";
  if (RED.includes(value)) return "red";
  return COLOURS[value];
}

/**
 * Names that may repeat, written so two of them can be told apart (issue 26): a customer's
 * sub-account is named after the customer, and two customers may share a name.
 */

type WithNumber = { name: string; deposit_addresses?: { data: { account_number?: string; iban?: string } }[] };

/** The number an account is known by: its first deposit details' account number, else its IBAN. */
const accountNumberOf = (a: WithNumber) => a.deposit_addresses?.[0]?.data.account_number || a.deposit_addresses?.[0]?.data.iban || "";

/** "Ada Obi NGN ••6789": the name and the last four of its number (the name alone without one). */
export function accountLabel(a: WithNumber): string {
  const n = accountNumberOf(a).replace(/\s/g, "");
  return n ? `${a.name} ••${n.slice(-4)}` : a.name;
}

/** "Ada Obi (ada@one.example)": a customer's email is theirs alone. */
export const customerLabel = (c: { display_name: string; email: string }) => `${c.display_name} (${c.email})`;

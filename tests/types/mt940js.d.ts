/** The part of mt940js (no types of its own) the statement tests read MT940 files with. */
declare module "mt940js" {
  export type Mt940Transaction = {
    date: Date;
    entryDate: Date | "";
    amount: number;
    currency: string;
    details: string;
    transactionType: string;
    reference: string;
  };
  export type Mt940Statement = {
    transactionReference: string;
    accountIdentification: string;
    number: { statement: string; sequence: string; section: string };
    openingBalanceDate: Date;
    closingBalanceDate: Date;
    currency: string;
    openingBalance: number;
    closingBalance: number;
    transactions: Mt940Transaction[];
  };
  export class Parser {
    parse(text: string, withTags?: boolean): Mt940Statement[];
  }
  const mt940: { Parser: typeof Parser };
  export default mt940;
}

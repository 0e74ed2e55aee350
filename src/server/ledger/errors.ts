/**
 * The errors the ledger can raise, each with the HTTP status and the message a person sees.
 * One table: services throw these, the API answers with them unchanged.
 */
import { AppError } from "../../lib/errors.ts";

export const LEDGER_ERRORS = {
  AMOUNT_NOT_POSITIVE: { status: 400, message: "Amount must be greater than zero" },
  AMOUNT_TOO_LARGE: { status: 400, message: "Amount is too large" },
  SAME_ACCOUNT: { status: 400, message: "Source and destination must be different accounts" },
  ASSET_MISMATCH: { status: 400, message: "Both accounts must hold the same currency" },
  ACCOUNT_NOT_FOUND: { status: 404, message: "Account not found" },
  INSUFFICIENT_FUNDS: { status: 422, message: "Insufficient funds" },
  ACCOUNT_FROZEN: { status: 422, message: "This account is frozen" },
  ACCOUNT_CLOSED: { status: 422, message: "This account is closed" },
  HOLD_NOT_FOUND: { status: 404, message: "Hold not found" },
  TRANSFER_NOT_FOUND: { status: 404, message: "Transfer not found" },
  HOLD_RESOLVED: { status: 409, message: "This hold has already been posted or voided" },
  HOLD_EXCEEDED: { status: 400, message: "Cannot post more than the amount held" },
  ALREADY_REVERSED: { status: 409, message: "This transfer has already been reversed" },
} as const;

export type LedgerErrorCode = keyof typeof LEDGER_ERRORS;

export class LedgerError extends AppError {
  constructor(readonly code: LedgerErrorCode) {
    super(LEDGER_ERRORS[code].status, LEDGER_ERRORS[code].message);
  }
}

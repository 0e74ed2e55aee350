/** The Fund account modal of a sub-account's page, whose form's code loads when it is first opened. */
import { dialogOnDemand } from "../../lib/lazy.ts";

export const FundAccountModal = dialogOnDemand(() => import("./fund-account-dialog.tsx"), "FundAccountModal");

/** The Export statement modal of the account and wallet pages, whose form's code loads when it is first opened. */
import { dialogOnDemand } from "../../lib/lazy.ts";

export const ExportStatementModal = dialogOnDemand(() => import("./export-statement-dialog.tsx"), "ExportStatementModal");

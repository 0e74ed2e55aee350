/** The settlement's Generate report modal, whose form's code loads when it is first opened. */
import { dialogOnDemand } from "../../lib/lazy.ts";

export const GenerateReportModal = dialogOnDemand(() => import("./generate-report-dialog.tsx"), "GenerateReportModal");

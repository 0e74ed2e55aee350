/**
 * antd's Modal for a dialog that starts closed: renders nothing, and costs nothing of a page's first
 * download (Modal and rc-dialog, about 9 kB gzip), until it is first opened (dialogOnDemand: fetched
 * once the browser is idle, so opening rarely waits; mounted from then on, so it closes with its
 * animation). A closed Modal renders nothing either, so only `forceRender` would differ (none of ours).
 */
import type { ComponentType } from "react";
import type { ModalProps } from "antd";
import { dialogOnDemand } from "../../lib/lazy.ts";

export const LaterModal = dialogOnDemand(() => import("./antd-modal.ts"), "Modal") as ComponentType<ModalProps>;

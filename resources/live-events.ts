/** GET /api/events: the business's live updates as server-sent events (src/server/live/routes.ts). */
import { endpoint } from "./define-endpoint.ts";

export const liveEventEndpoints = {
  stream: endpoint({
    method: "GET",
    path: "/events",
    summary: "Live updates (server-sent events)",
    tag: "events",
    access: { obj: "events", act: "read" },
    description:
      'A text/event-stream of the business\'s changes: each event\'s data is {"topic": "transactions" | "approvals", "id": "<record id>"}. ' +
      "A transaction event means a transaction was created or changed state (balances move with it); an approvals event, that an approval request was created or decided. " +
      "Send Accept: text/event-stream; without it the answer is 406.",
    answer: { file: ["text/event-stream"] },
    errors: [406],
  }),
};

/** The API's health check: the database answers. Its body is its own, outside the envelope. */
import { z } from "zod";
import { endpoint } from "./define-endpoint.ts";

export const healthEndpoints = {
  check: endpoint({
    method: "GET",
    path: "/health",
    summary: "Check the API's health",
    tag: "health",
    access: { obj: "health", act: "read" },
    answer: { bare: z.object({ status: z.literal("ok") }) },
  }),
};

/**
 * The later steps of the send and exchange screens, loaded when reached rather than with the first: a
 * schedule's review and the result. Render them inside a Suspense.
 */
import { lazyNamed } from "../../lib/lazy.ts";

export const ScheduleReview = lazyNamed(() => import("../schedule/schedule-review.tsx"), "ScheduleReview");
export const Result = lazyNamed(() => import("./antd-result.ts"), "Result");

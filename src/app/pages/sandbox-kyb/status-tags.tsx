/** The case's state and review status in words, shared by the verification page and the console. */
import { useTranslate } from "@refinedev/core";
import { Tag } from "antd";
import type { KycState, ReviewStatus } from "../../../../resources/kyb.ts";
import { formatDateTime } from "../../../lib/dates.ts";

const STATE_COLORS: Record<KycState, string> = { CREATED: "default", READY: "default", IN_PROGRESS: "processing", IN_REVIEW: "gold" };
const REVIEW_COLORS: Record<ReviewStatus, string> = { PENDING: "default", APPROVED: "success", CORRECTION_REQUESTED: "warning", REJECTED: "error" };

export const StateTag = ({ state }: { state: KycState }) => {
  const t = useTranslate();
  const labels: Record<KycState, string> = {
    CREATED: t("sandbox.kyb.state.created"),
    READY: t("sandbox.kyb.state.ready"),
    IN_PROGRESS: t("sandbox.kyb.state.inProgress"),
    IN_REVIEW: t("sandbox.kyb.state.inReview"),
  };
  return <Tag color={STATE_COLORS[state]}>{labels[state] ?? state}</Tag>;
};
export const ReviewTag = ({ status }: { status: ReviewStatus }) => {
  const t = useTranslate();
  const labels: Record<ReviewStatus, string> = {
    PENDING: t("sandbox.kyb.review.pending"),
    APPROVED: t("sandbox.kyb.review.approved"),
    CORRECTION_REQUESTED: t("sandbox.kyb.review.correctionRequested"),
    REJECTED: t("sandbox.kyb.review.rejected"),
  };
  return <Tag color={REVIEW_COLORS[status]}>{labels[status] ?? status}</Tag>;
};

export const when = (iso: string | null) => (iso ? formatDateTime(iso) : "—");

/** The case's state and review status in words, shared by the verification page and the console. */
import { Tag } from "antd";
import type { KycState, ReviewStatus } from "../../../../resources/kyb.ts";
import { formatDateTime } from "../../../lib/dates.ts";

const STATES: Record<KycState, { label: string; color: string }> = {
  CREATED: { label: "Created", color: "default" },
  READY: { label: "Ready", color: "default" },
  IN_PROGRESS: { label: "In progress", color: "processing" },
  IN_REVIEW: { label: "In review", color: "gold" },
};
const REVIEWS: Record<ReviewStatus, { label: string; color: string }> = {
  PENDING: { label: "Pending", color: "default" },
  APPROVED: { label: "Approved", color: "success" },
  CORRECTION_REQUESTED: { label: "Correction requested", color: "warning" },
  REJECTED: { label: "Rejected", color: "error" },
};

export const StateTag = ({ state }: { state: KycState }) => <Tag color={STATES[state]?.color}>{STATES[state]?.label ?? state}</Tag>;
export const ReviewTag = ({ status }: { status: ReviewStatus }) => <Tag color={REVIEWS[status]?.color}>{REVIEWS[status]?.label ?? status}</Tag>;

export const when = (iso: string | null) => (iso ? formatDateTime(iso) : "—");

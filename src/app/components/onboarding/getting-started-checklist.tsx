/**
 * The getting-started checklist (SPEC §2, §4): the percentage complete and the steps, each with its
 * state (completed, pending, rejected, or not started) and, when it is the step to do now, its action.
 * Starting a verification opens the provider's page and reports the start (POST businesses/track).
 */
import { Link, useNavigate } from "react-router";
import { useTranslate } from "@refinedev/core";
import { Button, Card, Flex, List, Progress, Tag, Typography, theme } from "antd";
import { CheckCircleFilled, ClockCircleFilled, CloseCircleFilled } from "@ant-design/icons";
import type { Checklist, ChecklistStep, StepAction } from "../../../../resources/kyb.ts";
import { businessEndpoints } from "../../../../resources/business.ts";
import { call } from "../../api/call.ts";

function StateIcon({ step, index }: { step: ChecklistStep; index: number }) {
  const { token } = theme.useToken();
  const t = useTranslate();
  const size = { fontSize: 22 };
  if (step.state === "completed") return <CheckCircleFilled style={{ ...size, color: token.colorSuccess }} aria-label={t("onboarding.checklist.completed")} />;
  if (step.state === "pending") return <ClockCircleFilled style={{ ...size, color: token.colorWarning }} aria-label={t("onboarding.checklist.pending")} />;
  if (step.state === "rejected") return <CloseCircleFilled style={{ ...size, color: token.colorError }} aria-label={t("onboarding.checklist.rejected")} />;
  return (
    <span
      role="img"
      aria-label={t("onboarding.checklist.notStarted")}
      style={{
        width: 22,
        height: 22,
        borderRadius: 11,
        border: `1px solid ${token.colorBorder}`,
        display: "inline-flex",
        alignItems: "center",
        justifyContent: "center",
        fontSize: 12,
      }}
    >
      {index + 1}
    </span>
  );
}

function StepActionButton({ action, list }: { action: StepAction; list: Checklist }) {
  const navigate = useNavigate();
  const t = useTranslate();
  if (action.kind === "link")
    return (
      <Button type="primary" onClick={() => navigate(action.to)}>
        {action.label}
      </Button>
    );
  const start = () => {
    window.open(action.url, "_blank", "noopener");
    // Tracking never stands in the way: a failure is only logged (SPEC §7).
    call(businessEndpoints.track, { body: { event: action.event, properties: { kyc_state: list.kyc_state, review_state: list.review_status } } }).catch((e) =>
      console.error("KYB tracking failed", e),
    );
  };
  return (
    <Button type="primary" onClick={start}>
      {action.event === "kyb_correction_started" ? t("onboarding.checklist.correctVerification") : t("onboarding.checklist.startVerification")}
    </Button>
  );
}

export function GettingStartedChecklist({ list, compact = false }: { list: Checklist; compact?: boolean }) {
  const t = useTranslate();
  return (
    <Card title={t("onboarding.checklist.title")} variant="borderless" role="region" aria-label={t("onboarding.checklist.title")}>
      <Flex vertical gap={16}>
        <Flex align="center" gap={16}>
          <Progress
            type={compact ? "line" : "circle"}
            percent={list.percentage}
            size={compact ? "small" : 72}
            aria-label={t("onboarding.checklist.progress")}
          />
          <Typography.Text strong>{t("onboarding.checklist.percentComplete", { percent: list.percentage })}</Typography.Text>
        </Flex>
        <List
          dataSource={list.steps}
          renderItem={(step, i) => (
            <List.Item
              key={step.key}
              aria-label={step.title}
              style={{ opacity: step.active || step.state === "completed" ? 1 : 0.55 }}
              extra={step.action ? <StepActionButton action={step.action} list={list} /> : null}
            >
              <List.Item.Meta
                avatar={<StateIcon step={step} index={i} />}
                title={
                  <Flex gap={8} align="center" wrap>
                    {step.title}
                    {step.label && <Tag color={step.state === "rejected" ? "red" : step.state === "pending" ? "gold" : "blue"}>{step.label}</Tag>}
                  </Flex>
                }
                description={step.description}
              />
            </List.Item>
          )}
        />
        {list.review_console_url && list.kyc_state === "IN_REVIEW" && list.review_status === "PENDING" && (
          <Typography.Text type="secondary">
            {t("onboarding.checklist.sandboxDecide")}{" "}
            <Link to="/sandbox/kyb" target="_blank">
              {t("onboarding.checklist.sandboxConsole")}
            </Link>
            .
          </Typography.Text>
        )}
      </Flex>
    </Card>
  );
}

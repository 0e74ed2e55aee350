/**
 * The onboarding screen (SPEC §2): a welcome with the business's name and the getting-started steps.
 * 'Skip for now' is offered when a valid account exists and setup is incomplete (and remembered for
 * this member by the server); 'Get Started' once setup is complete.
 */
import { useState, type ReactNode } from "react";
import { useTranslate } from "@refinedev/core";
import { Button, Col, Flex, Row, Typography } from "antd";
import type { Checklist } from "../../../../resources/kyb.ts";
import { isApiError } from "../../api/client.ts";
import { call } from "../../api/call.ts";
import { businessEndpoints } from "../../../../resources/business.ts";
import { GettingStartedChecklist } from "./getting-started-checklist.tsx";
import { KybKnowledgeBase } from "./kyb-knowledge-base.tsx";
import { PageTitle } from "../layout/page-title.tsx";
import { useFeedback } from "../../providers/feedback.tsx";

/** below: what the dashboard will hold (its balances, dimmed until KYB approval). */
export function OnboardingScreen({ list, firstName, onDone, below }: { list: Checklist; firstName: string; onDone: () => void; below?: ReactNode }) {
  const { message } = useFeedback();
  const t = useTranslate();
  const [skipping, setSkipping] = useState(false);
  const skip = async () => {
    setSkipping(true);
    try {
      await call(businessEndpoints.skipGettingStarted);
      onDone();
    } catch (e) {
      message.error(isApiError(e) ? e.message : t("onboarding.skipFailed"));
    } finally {
      setSkipping(false);
    }
  };
  return (
    <Flex vertical gap={24}>
      <Flex justify="space-between" align="center" gap={16} wrap>
        <div>
          <PageTitle style={{ margin: 0 }}>{t("onboarding.welcome", { firstName, business: list.business_name })}</PageTitle>
          <Typography.Text type="secondary">{t("onboarding.intro")}</Typography.Text>
        </div>
        {list.complete ? (
          <Button type="primary" size="large" onClick={onDone}>
            {t("onboarding.getStarted")}
          </Button>
        ) : (
          list.can_skip && (
            <Button onClick={skip} loading={skipping}>
              {t("onboarding.skip")}
            </Button>
          )
        )}
      </Flex>
      <Row gutter={[24, 24]}>
        <Col xs={24} xl={15}>
          <GettingStartedChecklist list={list} />
        </Col>
        <Col xs={24} xl={9}>
          <KybKnowledgeBase />
        </Col>
      </Row>
      {below}
    </Flex>
  );
}

/**
 * Settings → Security (SPEC §2 Settings, §7 Business and settings): how signing in is protected
 * (login alerts, two-factor), the member's live sessions, and the password change.
 */
import { useState } from "react";
import { Col, Row } from "antd";
import { SignInCard } from "./security/sign-in-card.tsx";
import { SessionsCard } from "./security/sessions-card.tsx";
import { ChangePasswordCard } from "./security/change-password-card.tsx";

export default function SecurityTab() {
  // A password change ends the member's other sessions: bumping this re-reads the list.
  const [sessionsVersion, setSessionsVersion] = useState(0);
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={12}>
        <SignInCard />
      </Col>
      <Col xs={24} lg={12}>
        <ChangePasswordCard onChanged={() => setSessionsVersion((v) => v + 1)} />
      </Col>
      <Col span={24}>
        <SessionsCard version={sessionsVersion} />
      </Col>
    </Row>
  );
}

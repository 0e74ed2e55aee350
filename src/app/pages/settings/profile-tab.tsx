/**
 * Settings → Profile (SPEC §2 Settings, §3 Business profile): the business as GET businesses/profile
 * gives it (its facts, incorporation as verified at KYB, address, contact) and the signed-in member
 * from the session. What the business has not got (yet) shows as a dash.
 */
import { Alert, Button, Card, Col, Descriptions, Row, Skeleton, Space, Tag, Typography } from "antd";
import { useTranslate } from "@refinedev/core";
import { formatDay } from "../../../lib/dates.ts";
import { BUSINESS_TYPE_LABELS } from "../../../../resources/auth.ts";
import { isApiError } from "../../api/client.ts";
import { useSession } from "../../session/session.tsx";
import { countryName, formatPostalAddress } from "../../components/resource/country-options.ts";
import { humanize } from "../../components/resource/renderers.tsx";
import { StatusTag } from "../../components/resource/state-tag.tsx";
import { useFetched } from "../../hooks/use-fetched.ts";
import { businessEndpoints } from "../../../../resources/business.ts";
import { ProfilePreferences } from "./profile-preferences.tsx";
import { businessTypeText } from "../../i18n/shared-labels.ts";

const dash = <Typography.Text type="secondary">—</Typography.Text>;
const orDash = (v: string | null | undefined) => (v ? v : dash);

export default function ProfileTab() {
  const { session } = useSession();
  const t = useTranslate();
  const { data: profile, error, failed, reload } = useFetched(businessEndpoints.profile);

  if (failed) {
    // SPEC §8 names no message for this read: the server's own is shown.
    const message = isApiError(error) ? error.message : t("profile.loadError");
    return (
      <Alert
        type="error"
        showIcon
        message={message}
        action={
          <Button size="small" onClick={reload}>
            {t("common.retry")}
          </Button>
        }
      />
    );
  }
  if (!profile || !session) return <Skeleton active />;

  const { business, incorporation_info: inc, business_address: address, contact_information: contact } = profile;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={12}>
        <Card title={t("profile.business")} data-testid="profile-business">
          <Descriptions column={1} size="small">
            <Descriptions.Item label={t("profile.businessName")}>{business.name}</Descriptions.Item>
            <Descriptions.Item label={t("profile.businessType")}>
              {business.business_type in BUSINESS_TYPE_LABELS ? businessTypeText(t, business.business_type) : humanize(business.business_type)}
            </Descriptions.Item>
            <Descriptions.Item label={t("profile.kycStatus")}>
              <StatusTag value={business.kyc_status} />
            </Descriptions.Item>
            <Descriptions.Item label={t("profile.created")}>{formatDay(business.created_date)}</Descriptions.Item>
          </Descriptions>
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card title={t("profile.incorporation")} data-testid="profile-incorporation">
          <Descriptions column={1} size="small">
            <Descriptions.Item label={t("profile.businessName")}>{inc.business_name}</Descriptions.Item>
            <Descriptions.Item label={t("profile.incorporationNumber")}>{orDash(inc.incorporation_number)}</Descriptions.Item>
            <Descriptions.Item label={t("profile.incorporationDate")}>{inc.incorporation_date ? formatDay(inc.incorporation_date) : dash}</Descriptions.Item>
            <Descriptions.Item label={t("profile.incorporationCountry")}>{countryName(inc.incorporation_country)}</Descriptions.Item>
          </Descriptions>
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card title={t("profile.address")} data-testid="profile-address">
          {address ? formatPostalAddress({ ...address, state: address.state_province, postal_code: address.postal_code ?? undefined }) : dash}
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card title={t("profile.contact")} data-testid="profile-contact">
          <Descriptions column={1} size="small">
            <Descriptions.Item label={t("profile.email")}>{orDash(contact.email)}</Descriptions.Item>
            <Descriptions.Item label={t("profile.phone")}>{orDash(contact.phone)}</Descriptions.Item>
            <Descriptions.Item label={t("profile.website")}>
              {contact.website ? (
                <Typography.Link href={contact.website} target="_blank" rel="noopener noreferrer">
                  {contact.website}
                </Typography.Link>
              ) : (
                dash
              )}
            </Descriptions.Item>
          </Descriptions>
        </Card>
      </Col>
      <Col span={24}>
        <Card title={t("profile.yourAccount")} data-testid="profile-me">
          <Descriptions column={{ xs: 1, md: 3 }} size="small">
            <Descriptions.Item label={t("profile.name")}>
              {session.user.first_name} {session.user.last_name}
            </Descriptions.Item>
            <Descriptions.Item label={t("profile.email")}>{session.user.email}</Descriptions.Item>
            <Descriptions.Item label={t("profile.roles")}>
              <Space size={4} wrap>
                {session.roles.length ? session.roles.map((r) => <Tag key={r}>{r}</Tag>) : dash}
              </Space>
            </Descriptions.Item>
          </Descriptions>
        </Card>
      </Col>
      <Col span={24}>
        <ProfilePreferences />
      </Col>
    </Row>
  );
}

/**
 * Settings → Profile (SPEC §2 Settings, §3 Business profile): the business as GET businesses/profile
 * gives it (its facts, incorporation, address, contact) and the signed-in member from the session.
 */
import { Alert, Button, Card, Col, Descriptions, Row, Skeleton, Space, Tag, Typography } from "antd";
import dayjs from "dayjs";
import { BUSINESS_TYPE_LABELS } from "../../../../resources/auth.ts";
import { isApiError } from "../../api/client.ts";
import { useSession } from "../../session/session.tsx";
import { countryName, formatPostalAddress } from "../../components/resource/country-options.ts";
import { humanize, statusColor } from "../../components/resource/renderers.tsx";
import { useFetched } from "../../hooks/use-fetched.ts";

type Address = { line_1: string; city: string; state_province: string; postal_code?: string; country: string };
export type BusinessProfile = {
  id: string;
  name: string;
  business: { name: string; business_type: string; kyc_status: string; created_date: string };
  incorporation: { country: string; business_type: string };
  address: Address | null;
  contact: { name: string; email: string; phone: string | null } | null;
  kyc: { state: string; review_status: string };
  features: string[];
};

const dash = <Typography.Text type="secondary">—</Typography.Text>;
const businessType = (t: string) => BUSINESS_TYPE_LABELS[t as keyof typeof BUSINESS_TYPE_LABELS] ?? humanize(t);
const orDash = (v: string | null | undefined) => (v ? v : dash);

export default function ProfileTab() {
  const { session } = useSession();
  const { data: profile, error, failed, reload } = useFetched<BusinessProfile>("businesses/profile");

  if (failed) {
    // SPEC §8 names no message for this read: the server's own is shown.
    const message = isApiError(error) ? error.message : "Error fetching business profile";
    return <Alert type="error" showIcon message={message} action={<Button size="small" onClick={reload}>Retry</Button>} />;
  }
  if (!profile || !session) return <Skeleton active />;

  const { business, incorporation, address, contact } = profile;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={12}>
        <Card title="Business" data-testid="profile-business">
          <Descriptions column={1} size="small">
            <Descriptions.Item label="Business name">{business.name}</Descriptions.Item>
            <Descriptions.Item label="Business type">{businessType(business.business_type)}</Descriptions.Item>
            <Descriptions.Item label="KYC status">
              <Tag color={statusColor(business.kyc_status)}>{humanize(business.kyc_status)}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label="Created">{dayjs(business.created_date).format("D MMM YYYY")}</Descriptions.Item>
          </Descriptions>
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card title="Incorporation" data-testid="profile-incorporation">
          <Descriptions column={1} size="small">
            <Descriptions.Item label="Country">{countryName(incorporation.country)}</Descriptions.Item>
            <Descriptions.Item label="Business type">{businessType(incorporation.business_type)}</Descriptions.Item>
          </Descriptions>
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card title="Address" data-testid="profile-address">
          {address ? formatPostalAddress({ ...address, state: address.state_province }) : dash}
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card title="Contact" data-testid="profile-contact">
          {contact ? (
            <Descriptions column={1} size="small">
              <Descriptions.Item label="Name">{contact.name}</Descriptions.Item>
              <Descriptions.Item label="Email">{contact.email}</Descriptions.Item>
              <Descriptions.Item label="Phone">{orDash(contact.phone)}</Descriptions.Item>
            </Descriptions>
          ) : dash}
        </Card>
      </Col>
      <Col span={24}>
        <Card title="Your account" data-testid="profile-me">
          <Descriptions column={{ xs: 1, md: 3 }} size="small">
            <Descriptions.Item label="Name">{session.user.first_name} {session.user.last_name}</Descriptions.Item>
            <Descriptions.Item label="Email">{session.user.email}</Descriptions.Item>
            <Descriptions.Item label="Roles">
              <Space size={4} wrap>
                {session.roles.length ? session.roles.map((r) => <Tag key={r}>{r}</Tag>) : dash}
              </Space>
            </Descriptions.Item>
          </Descriptions>
        </Card>
      </Col>
    </Row>
  );
}

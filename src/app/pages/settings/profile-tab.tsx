/**
 * Settings → Profile (SPEC §2 Settings, §3 Business profile): the business as GET businesses/profile
 * gives it (its facts, incorporation as verified at KYB, address, contact) and the signed-in member
 * from the session. What the business has not got (yet) shows as a dash.
 */
import { Alert, Button, Card, Col, Descriptions, Row, Skeleton, Space, Tag, Typography } from "antd";
import { formatDay } from "../../../lib/dates.ts";
import { BUSINESS_TYPE_LABELS } from "../../../../resources/auth.ts";
import { isApiError } from "../../api/client.ts";
import { useSession } from "../../session/session.tsx";
import { countryName, formatPostalAddress } from "../../components/resource/country-options.ts";
import { humanize, statusColor } from "../../components/resource/renderers.tsx";
import { useFetched } from "../../hooks/use-fetched.ts";
import { businessEndpoints } from "../../../../resources/business.ts";

const dash = <Typography.Text type="secondary">—</Typography.Text>;
const businessType = (t: string) => BUSINESS_TYPE_LABELS[t as keyof typeof BUSINESS_TYPE_LABELS] ?? humanize(t);
const orDash = (v: string | null | undefined) => (v ? v : dash);

export default function ProfileTab() {
  const { session } = useSession();
  const { data: profile, error, failed, reload } = useFetched(businessEndpoints.profile);

  if (failed) {
    // SPEC §8 names no message for this read: the server's own is shown.
    const message = isApiError(error) ? error.message : "Error fetching business profile";
    return (
      <Alert
        type="error"
        showIcon
        message={message}
        action={
          <Button size="small" onClick={reload}>
            Retry
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
        <Card title="Business" data-testid="profile-business">
          <Descriptions column={1} size="small">
            <Descriptions.Item label="Business name">{business.name}</Descriptions.Item>
            <Descriptions.Item label="Business type">{businessType(business.business_type)}</Descriptions.Item>
            <Descriptions.Item label="KYC status">
              <Tag color={statusColor(business.kyc_status)}>{humanize(business.kyc_status)}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label="Created">{formatDay(business.created_date)}</Descriptions.Item>
          </Descriptions>
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card title="Incorporation" data-testid="profile-incorporation">
          <Descriptions column={1} size="small">
            <Descriptions.Item label="Business name">{inc.business_name}</Descriptions.Item>
            <Descriptions.Item label="Incorporation number">{orDash(inc.incorporation_number)}</Descriptions.Item>
            <Descriptions.Item label="Incorporation date">{inc.incorporation_date ? formatDay(inc.incorporation_date) : dash}</Descriptions.Item>
            <Descriptions.Item label="Country of incorporation">{countryName(inc.incorporation_country)}</Descriptions.Item>
          </Descriptions>
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card title="Address" data-testid="profile-address">
          {address ? formatPostalAddress({ ...address, state: address.state_province, postal_code: address.postal_code ?? undefined }) : dash}
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card title="Contact" data-testid="profile-contact">
          <Descriptions column={1} size="small">
            <Descriptions.Item label="Email">{orDash(contact.email)}</Descriptions.Item>
            <Descriptions.Item label="Phone">{orDash(contact.phone)}</Descriptions.Item>
            <Descriptions.Item label="Website">
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
        <Card title="Your account" data-testid="profile-me">
          <Descriptions column={{ xs: 1, md: 3 }} size="small">
            <Descriptions.Item label="Name">
              {session.user.first_name} {session.user.last_name}
            </Descriptions.Item>
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

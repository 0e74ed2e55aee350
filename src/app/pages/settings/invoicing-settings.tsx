/**
 * Settings → Invoicing (SPEC §2 Invoicing Settings, §3 Invoice config): general settings, the billing
 * address and the logo. Members without invoice-settings edit (invoices_write) see it read-only.
 */
import { useCallback, useEffect, useState } from "react";
import { Alert, Button, Card, Col, Descriptions, Row, Skeleton } from "antd";
import { useTranslate } from "@refinedev/core";
import { EditOutlined } from "@ant-design/icons";
import { invoiceSettingsEndpoints, type InvoiceConfig } from "../../../../resources/invoice-settings.ts";
import { call } from "../../api/call.ts";
import { useSession } from "../../session/session.tsx";
import { formatPostalAddress } from "../../components/resource/country-options.ts";
import { GeneralSettingsForm } from "./general-settings-form.tsx";
import { BillingAddressModal } from "./billing-address-modal.tsx";
import { LogoCard } from "./logo-card.tsx";

function useInvoiceConfig() {
  const [config, setConfig] = useState<InvoiceConfig | null>(null);
  const [failed, setFailed] = useState(false);
  const load = useCallback(() => {
    setFailed(false);
    call(invoiceSettingsEndpoints.show)
      .then((r) => setConfig(r.data))
      .catch(() => setFailed(true));
  }, []);
  useEffect(load, [load]);
  return { config, setConfig, failed, reload: load };
}

export default function InvoicingSettings() {
  const { can } = useSession();
  const t = useTranslate();
  const canEdit = can("invoice-settings", "edit");
  const { config, setConfig, failed, reload } = useInvoiceConfig();
  const [editingAddress, setEditingAddress] = useState(false);

  if (failed) {
    return (
      <Alert
        type="error"
        showIcon
        // SPEC §8 uses the notification settings' wording for invoice settings too.
        message={t("settings.invoicing.loadError")}
        action={
          <Button size="small" onClick={reload}>
            {t("settings.retry")}
          </Button>
        }
      />
    );
  }
  if (!config) return <Skeleton active />;

  const address = config.business_address;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={12}>
        <Card title={t("settings.invoicing.general")}>
          <GeneralSettingsForm config={config} canEdit={canEdit} onSaved={setConfig} />
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Row gutter={[16, 16]}>
          <Col span={24}>
            <Card
              title={t("settings.invoicing.billingAddress")}
              extra={
                canEdit && (
                  <Button icon={<EditOutlined />} onClick={() => setEditingAddress(true)}>
                    {t("settings.invoicing.edit")}
                  </Button>
                )
              }
            >
              <Descriptions column={1} size="small">
                <Descriptions.Item label={t("settings.invoicing.businessName")}>{config.business_name}</Descriptions.Item>
                <Descriptions.Item label={t("settings.invoicing.address")}>
                  {address ? formatPostalAddress({ ...address, state: address.state_province }) : t("settings.invoicing.noAddress")}
                </Descriptions.Item>
              </Descriptions>
            </Card>
          </Col>
          <Col span={24}>
            <LogoCard logoUrl={config.logo_url} canEdit={canEdit} onUploaded={(logo_url) => setConfig({ ...config, logo_url })} />
          </Col>
        </Row>
      </Col>
      <BillingAddressModal open={editingAddress} address={address} onClose={() => setEditingAddress(false)} onSaved={setConfig} />
    </Row>
  );
}

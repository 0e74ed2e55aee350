/**
 * The business logo on the Invoicing tab (SPEC §7 "GET logo_url as blob"): the current logo shown
 * from an object URL, and Upload/Change logo for members who may edit.
 */
import { useEffect, useState } from "react";
import { Button, Card, Space, Spin, Typography, theme } from "antd";
import { useTranslate } from "@refinedev/core";
import { UploadOutlined } from "@ant-design/icons";
import { LOGO_SIDE } from "../../../../resources/invoice-settings.ts";
import { LogoUploadModal } from "./logo-upload-modal.tsx";

/**
 * The logo's bytes as an object URL. `version` refetches the same URL after an upload (the server
 * may keep the address and change the bytes behind it).
 */
function useLogoObjectUrl(logoUrl: string | null, version: number) {
  const [state, setState] = useState<{ url: string | null; loading: boolean; failed: boolean }>({ url: null, loading: false, failed: false });
  useEffect(() => {
    if (!logoUrl) return setState({ url: null, loading: false, failed: false });
    let live = true;
    let objectUrl: string | null = null;
    setState((s) => ({ ...s, loading: true, failed: false }));
    fetch(logoUrl, { credentials: "same-origin", cache: "no-store" })
      .then((res) => (res.ok ? res.blob() : Promise.reject(new Error(`Logo request failed (${res.status})`))))
      .then((blob) => {
        if (!live) return;
        objectUrl = URL.createObjectURL(blob);
        setState({ url: objectUrl, loading: false, failed: false });
      })
      .catch(() => live && setState({ url: null, loading: false, failed: true }));
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [logoUrl, version]);
  return state;
}

type Props = { logoUrl: string | null; canEdit: boolean; onUploaded: (logoUrl: string | null) => void };

export function LogoCard({ logoUrl, canEdit, onUploaded }: Props) {
  const t = useTranslate();
  const { token } = theme.useToken();
  const [open, setOpen] = useState(false);
  const [version, setVersion] = useState(0);
  const logo = useLogoObjectUrl(logoUrl, version);
  const size = LOGO_SIDE / 2;

  return (
    <Card
      title={t("settings.logo.title")}
      extra={
        canEdit && (
          <Button icon={<UploadOutlined />} onClick={() => setOpen(true)}>
            {logoUrl ? t("settings.logo.change") : t("settings.logo.upload")}
          </Button>
        )
      }
    >
      <Space direction="vertical">
        <div
          style={{
            width: size,
            height: size,
            display: "flex",
            alignItems: "center",
            justifyContent: "center",
            border: `1px dashed ${token.colorBorder}`,
            borderRadius: 8,
          }}
        >
          {logo.loading ? (
            <Spin />
          ) : logo.url ? (
            <img src={logo.url} alt={t("settings.logo.alt")} style={{ maxWidth: "100%", maxHeight: "100%", objectFit: "contain" }} />
          ) : (
            <Typography.Text type="secondary">{logo.failed ? t("settings.logo.unavailable") : t("settings.logo.none")}</Typography.Text>
          )}
        </div>
        <Typography.Text type="secondary">{t("settings.logo.shownOn")}</Typography.Text>
      </Space>
      <LogoUploadModal
        open={open}
        onClose={() => setOpen(false)}
        onUploaded={(url) => {
          onUploaded(url);
          setVersion((v) => v + 1);
        }}
      />
    </Card>
  );
}

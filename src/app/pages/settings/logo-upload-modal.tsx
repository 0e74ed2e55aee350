/**
 * Upload logo (SPEC §5 Logo, §7 PATCH businesses/profile/logo): a JPG/PNG is cropped to a 280x280
 * square (zoom in x1.2, out x0.8, drag or arrows to pan) and sent as PNG; an SVG is sent as it is,
 * with a PNG rendering of it for the invoice PDF.
 * The server's message ('Logo uploaded' / 'Logo updated') is toasted.
 */
import { useEffect, useRef, useState, type KeyboardEvent as ReactKeyboardEvent, type PointerEvent as ReactPointerEvent } from "react";
import { Alert, Button, Modal, Space, Typography, Upload, theme } from "antd";
import { useTranslate } from "@refinedev/core";
import { ArrowDownOutlined, ArrowLeftOutlined, ArrowRightOutlined, ArrowUpOutlined, UploadOutlined, ZoomInOutlined, ZoomOutOutlined } from "@ant-design/icons";
import { LOGO_MESSAGES, LOGO_SIDE, LOGO_ZOOM_IN, LOGO_ZOOM_OUT, invoiceSettingsEndpoints } from "../../../../resources/invoice-settings.ts";
import { apiForm } from "../../api/client.ts";
import { urlOf } from "../../api/call.ts";
import type { ReceivedOf } from "../../../../resources/define-endpoint.ts";
import { useToast } from "../../hooks/use-toast.ts";
import { initialCrop, logoFileError, logoType, panBy, scaleOf, sourceRect, zoomBy, type Crop } from "./logo-crop.ts";

const STEP = 20;
const ACCEPT = ".jpg,.jpeg,.png,.svg,image/jpeg,image/png,image/svg+xml";

type Picked = { kind: "raster"; file: File; url: string; img: HTMLImageElement } | { kind: "svg"; file: File; url: string };

type Props = { open: boolean; onClose: () => void; onUploaded: (logoUrl: string | null) => void };

export function LogoUploadModal({ open, onClose, onUploaded }: Props) {
  const t = useTranslate();
  return (
    <Modal title={t("settings.logo.upload")} open={open} onCancel={onClose} footer={null} destroyOnHidden width={LOGO_SIDE + 80}>
      <LogoUploadBody onClose={onClose} onUploaded={onUploaded} />
    </Modal>
  );
}

/** Loads the file as an image; rejects when the browser cannot decode it. */
function loadImage(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error(LOGO_MESSAGES.load));
    img.src = url;
  });
}

function toPng(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error(LOGO_MESSAGES.load))), "image/png"));
}

/** The SVG drawn to fit a transparent square of the logo's side, as PNG. */
async function svgRendering(url: string): Promise<Blob> {
  const img = await loadImage(url);
  const [w, h] = [img.naturalWidth || LOGO_SIDE, img.naturalHeight || LOGO_SIDE];
  const scale = Math.min(LOGO_SIDE / w, LOGO_SIDE / h);
  const canvas = Object.assign(document.createElement("canvas"), { width: LOGO_SIDE, height: LOGO_SIDE });
  canvas.getContext("2d")!.drawImage(img, (LOGO_SIDE - w * scale) / 2, (LOGO_SIDE - h * scale) / 2, w * scale, h * scale);
  return toPng(canvas);
}

function LogoUploadBody({ onClose, onUploaded }: Omit<Props, "open">) {
  const t = useTranslate();
  const { token } = theme.useToken();
  // logo-crop.ts and the loaders name a problem by its English message (resources/invoice-settings.ts): shown in the member's language.
  const problems: Record<string, string> = {
    [LOGO_MESSAGES.type]: t("settings.logo.errors.type"),
    [LOGO_MESSAGES.size]: t("settings.logo.errors.size"),
    [LOGO_MESSAGES.load]: t("settings.logo.errors.load"),
  };
  const toast = useToast();
  const [picked, setPicked] = useState<Picked | null>(null);
  const [crop, setCrop] = useState<Crop | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const drag = useRef<{ x: number; y: number } | null>(null);

  // Each picked file's object URL lives exactly as long as it is shown.
  useEffect(
    () => () => {
      if (picked) URL.revokeObjectURL(picked.url);
    },
    [picked],
  );

  const choose = async (file: File) => {
    setPicked(null);
    setCrop(null);
    const invalid = logoFileError(file);
    if (invalid) return setError(invalid);
    const url = URL.createObjectURL(file);
    try {
      const img = await loadImage(url);
      setError(null);
      if (logoType(file) === "image/svg+xml") {
        setPicked({ kind: "svg", file, url });
      } else {
        const size = { width: img.naturalWidth, height: img.naturalHeight };
        if (!size.width || !size.height) throw new Error(LOGO_MESSAGES.load);
        setPicked({ kind: "raster", file, url, img });
        setCrop(initialCrop(size, LOGO_SIDE));
      }
    } catch {
      URL.revokeObjectURL(url);
      setError(LOGO_MESSAGES.load);
    }
  };

  const size = picked?.kind === "raster" ? { width: picked.img.naturalWidth, height: picked.img.naturalHeight } : null;
  const zoom = (factor: number) => size && crop && setCrop(zoomBy(crop, factor, size, LOGO_SIDE));
  const pan = (dx: number, dy: number) => size && crop && setCrop(panBy(crop, dx, dy, size, LOGO_SIDE));

  const onPointerDown = (e: ReactPointerEvent<HTMLDivElement>) => {
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { x: e.clientX, y: e.clientY };
  };
  const onPointerMove = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    pan(e.clientX - drag.current.x, e.clientY - drag.current.y);
    drag.current = { x: e.clientX, y: e.clientY };
  };
  const onPointerUp = () => {
    drag.current = null;
  };
  const onKeyDown = (e: ReactKeyboardEvent) => {
    const moves: Record<string, [number, number]> = { ArrowLeft: [-STEP, 0], ArrowRight: [STEP, 0], ArrowUp: [0, -STEP], ArrowDown: [0, STEP] };
    const m = moves[e.key];
    if (m) {
      e.preventDefault();
      pan(m[0], m[1]);
    }
  };

  const save = async () => {
    if (!picked) return;
    setSaving(true);
    try {
      const form = new FormData();
      if (picked.kind === "svg") {
        form.append("logo", picked.file, picked.file.name);
        // The invoice PDF draws rasters only: a PNG rendering of the SVG travels with it.
        const raster = await svgRendering(picked.url).catch(() => null);
        if (raster) form.append("logo_raster", raster, "logo.png");
      } else {
        const canvas = Object.assign(document.createElement("canvas"), { width: LOGO_SIDE, height: LOGO_SIDE });
        const { sx, sy, sw, sh } = sourceRect(crop!, size!, LOGO_SIDE);
        canvas.getContext("2d")!.drawImage(picked.img, sx, sy, sw, sh, 0, 0, LOGO_SIDE, LOGO_SIDE);
        form.append("logo", await toPng(canvas), "logo.png");
      }
      const upload = invoiceSettingsEndpoints.uploadLogo;
      const res = await apiForm<ReceivedOf<typeof upload>>(upload.method, urlOf(upload), form);
      toast.success(res.message);
      onUploaded(res.data.logo_url);
      onClose();
    } catch (e) {
      toast.error(e instanceof Error && problems[e.message] ? new Error(problems[e.message]) : e);
    } finally {
      setSaving(false);
    }
  };

  const s = size && crop ? scaleOf(crop, size, LOGO_SIDE) : 1;
  return (
    <Space direction="vertical" size="middle" style={{ width: "100%" }}>
      <Typography.Text type="secondary">{t("settings.logo.hint", { side: LOGO_SIDE })}</Typography.Text>
      <Upload
        accept={ACCEPT}
        showUploadList={false}
        maxCount={1}
        beforeUpload={(file) => {
          void choose(file);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />}>{picked ? t("settings.logo.chooseAnother") : t("settings.logo.choose")}</Button>
      </Upload>
      {error && <Alert type="error" showIcon message={problems[error] ?? error} />}
      {picked?.kind === "raster" && size && crop && (
        <>
          <div
            role="img"
            aria-label={t("settings.logo.cropPreview")}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: the crop is moved with the arrow keys, so it takes focus
            tabIndex={0}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={onPointerUp}
            onKeyDown={onKeyDown}
            style={{
              position: "relative",
              width: LOGO_SIDE,
              height: LOGO_SIDE,
              overflow: "hidden",
              cursor: "grab",
              touchAction: "none",
              // The logo prints on a white invoice: it is framed on a light ground in either theme.
              background: "#f5f5f5",
              border: `1px solid ${token.colorBorder}`,
            }}
          >
            <img
              src={picked.url}
              alt=""
              draggable={false}
              style={{
                position: "absolute",
                left: crop.x,
                top: crop.y,
                width: size.width * s,
                height: size.height * s,
                maxWidth: "none",
                userSelect: "none",
                pointerEvents: "none",
              }}
            />
          </div>
          <Space wrap>
            <Button aria-label={t("settings.logo.zoomIn")} icon={<ZoomInOutlined />} onClick={() => zoom(LOGO_ZOOM_IN)} />
            <Button aria-label={t("settings.logo.zoomOut")} icon={<ZoomOutOutlined />} onClick={() => zoom(LOGO_ZOOM_OUT)} />
            <Button aria-label={t("settings.logo.moveLeft")} icon={<ArrowLeftOutlined />} onClick={() => pan(-STEP, 0)} />
            <Button aria-label={t("settings.logo.moveRight")} icon={<ArrowRightOutlined />} onClick={() => pan(STEP, 0)} />
            <Button aria-label={t("settings.logo.moveUp")} icon={<ArrowUpOutlined />} onClick={() => pan(0, -STEP)} />
            <Button aria-label={t("settings.logo.moveDown")} icon={<ArrowDownOutlined />} onClick={() => pan(0, STEP)} />
          </Space>
        </>
      )}
      {picked?.kind === "svg" && (
        <img
          src={picked.url}
          alt={t("settings.logo.preview")}
          style={{ maxWidth: LOGO_SIDE, maxHeight: LOGO_SIDE, objectFit: "contain", border: `1px solid ${token.colorBorder}` }}
        />
      )}
      <Space style={{ justifyContent: "flex-end", width: "100%" }}>
        <Button onClick={onClose}>{t("settings.cancel")}</Button>
        <Button type="primary" disabled={!picked} loading={saving} onClick={save}>
          {t("settings.logo.save")}
        </Button>
      </Space>
    </Space>
  );
}

/** A screen whose feature waits for the business's KYB approval (SPEC §2 locked features). */
import { useTranslate } from "@refinedev/core";
import { Empty, Typography } from "antd";

/** `name` in the member's language ("transactions"). */
export function LockedFeature({ name }: { name: string }) {
  const t = useTranslate();
  return (
    <Empty
      style={{ marginBlock: 64 }}
      description={
        <>
          <Typography.Title level={4}>{t("resource.locked.title", { name })}</Typography.Title>
          <Typography.Text type="secondary">{t("resource.locked.body", { name })}</Typography.Text>
        </>
      }
    />
  );
}

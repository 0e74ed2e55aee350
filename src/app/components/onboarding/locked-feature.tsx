/** A screen whose feature waits for the business's KYB approval (SPEC §2 locked features). */
import { Empty, Typography } from "antd";

export function LockedFeature({ name }: { name: string }) {
  return (
    <Empty
      style={{ marginBlock: 64 }}
      description={
        <>
          <Typography.Title level={4}>No {name}</Typography.Title>
          <Typography.Text type="secondary">No {name} have been created in this account yet. Complete your KYC to have full access</Typography.Text>
        </>
      }
    />
  );
}

/**
 * SPEC §2 Create asset modal: 'Create a wallet', a dropdown of supported assets (currency -
 * blockchain), 'Create Wallet' disabled until one is chosen, and a link to open a bank account.
 */
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { useInvalidate } from "@refinedev/core";
import { Alert, Button, Modal, Select, Space } from "antd";
import { api } from "../../api/client.ts";
import { useToast } from "../../hooks/use-toast.ts";

type Asset = { currency: string; blockchain: string };

export default function CreateAssetModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const toast = useToast();
  const invalidate = useInvalidate();
  const [assets, setAssets] = useState<Asset[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [choice, setChoice] = useState<string>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open || assets) return;
    api<Asset[]>("GET", "crypto/v1/data/supported-assets")
      .then((r) => setAssets(r.data))
      .catch(() => setError("Error fetching supported assets - Contact support"));
  }, [open, assets]);

  async function create() {
    const [currency, blockchain] = (choice ?? "").split(":");
    setSaving(true);
    try {
      const res = await api("POST", "crypto/v1/assets/corporate", { currency, blockchain });
      toast.success(res.message);
      await invalidate({ resource: "wallets", invalidates: ["list"] });
      setChoice(undefined);
      onClose();
    } catch (e) {
      toast.error(e);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal title="Create a wallet" open={open} onCancel={onClose} footer={null} destroyOnClose>
      <Space direction="vertical" style={{ width: "100%" }} size={16}>
        {error && <Alert type="error" showIcon message={error} />}
        {assets && assets.length === 0 && <Alert type="warning" showIcon message="No supported assets at the moment - Contact support" />}
        <Select
          aria-label="Asset"
          placeholder="Choose an asset"
          style={{ width: "100%" }}
          loading={!assets && !error}
          value={choice}
          onChange={setChoice}
          options={(assets ?? []).map((a) => ({ value: `${a.currency}:${a.blockchain}`, label: `${a.currency} - ${a.blockchain}` }))}
        />
        <Button type="primary" block disabled={!choice} loading={saving} onClick={create}>
          Create Wallet
        </Button>
        <Link to="/accounts" onClick={onClose}>Create a bank account?</Link>
      </Space>
    </Modal>
  );
}

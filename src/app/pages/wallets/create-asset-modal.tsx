/**
 * SPEC §2 Create asset modal: 'Create a wallet', a dropdown of supported assets (currency -
 * blockchain), 'Create Wallet' disabled until one is chosen, and a link to open a bank account.
 * Only assets the business does not hold yet are offered (issue 26): the server refuses a second
 * main wallet of an asset, so offering one would only lead to that refusal.
 */
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { useTranslate } from "@refinedev/core";
import { Alert, Button, Modal, Select, Space } from "antd";
import { SupportedAsset, walletEndpoints } from "../../../../resources/wallets.ts";
import { call } from "../../api/call.ts";
import { useWrite } from "../../api/write.ts";
import { useToast } from "../../hooks/use-toast.ts";
import type { z } from "zod";

type Asset = z.infer<typeof SupportedAsset>;

export default function CreateAssetModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useTranslate();
  const toast = useToast();
  const write = useWrite();
  // The supported assets, and those of them the business does not hold yet (the ones offered).
  const [assets, setAssets] = useState<{ supported: Asset[]; offered: Asset[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [choice, setChoice] = useState<string>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    // Asked again at each opening: a wallet made since then is no longer on offer.
    if (!open) return;
    setAssets(null);
    Promise.all([call(walletEndpoints.supportedAssets), call(walletEndpoints.main)])
      .then(([supported, held]) =>
        setAssets({
          supported: supported.data,
          offered: supported.data.filter((a) => !held.data.some((w) => w.currency === a.currency && w.blockchain === a.blockchain)),
        }),
      )
      .catch(() => setError(t("wallets.create.fetchError")));
  }, [open]);

  async function create() {
    // The choice (currency:blockchain) is one of the options, each a supported asset.
    const [currency, blockchain] = (choice ?? "").split(":");
    const asset = SupportedAsset.safeParse({ currency, blockchain });
    if (!asset.success) return;
    setSaving(true);
    try {
      const res = await write(walletEndpoints.create, { body: asset.data });
      toast.success(res.message);
      setChoice(undefined);
      onClose();
    } catch (e) {
      toast.error(e);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal title={t("wallets.create.title")} open={open} onCancel={onClose} footer={null} destroyOnClose>
      <Space direction="vertical" style={{ width: "100%" }} size={16}>
        {error && <Alert type="error" showIcon message={error} />}
        {assets && assets.supported.length === 0 && <Alert type="warning" showIcon message={t("wallets.create.noAssets")} />}
        {assets && assets.supported.length > 0 && assets.offered.length === 0 && <Alert type="info" showIcon message={t("wallets.create.allHeld")} />}
        <Select
          aria-label={t("wallets.create.asset")}
          placeholder={t("wallets.create.chooseAsset")}
          style={{ width: "100%" }}
          loading={!assets && !error}
          value={choice}
          onChange={setChoice}
          options={(assets?.offered ?? []).map((a) => ({ value: `${a.currency}:${a.blockchain}`, label: `${a.currency} - ${a.blockchain}` }))}
        />
        <Button type="primary" block disabled={!choice} loading={saving} onClick={create}>
          {t("wallets.create.submit")}
        </Button>
        <Link to="/accounts" onClick={onClose}>
          {t("wallets.create.bankAccount")}
        </Link>
      </Space>
    </Modal>
  );
}

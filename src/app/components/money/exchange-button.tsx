/** The 'Exchange' button of the account and wallet pages; its modal's code loads when first opened. */
import { useState } from "react";
import { useTranslate } from "@refinedev/core";
import { Button } from "antd";
import { SwapOutlined } from "@ant-design/icons";
import { dialogOnDemand } from "../../lib/lazy.ts";
import { type ExchangeSource, useExchangeTargets } from "./exchange-source.ts";

const ExchangeModal = dialogOnDemand(() => import("./exchange-modal.tsx"), "ExchangeModal");

/** The 'Exchange' button with its modal; nothing when the source has no target the business holds. */
export function ExchangeButton({ source }: { source: ExchangeSource }) {
  const t = useTranslate();
  const [open, setOpen] = useState(false);
  const { targets } = useExchangeTargets(source);
  if (!targets.length) return null;
  return (
    <>
      <Button icon={<SwapOutlined />} onClick={() => setOpen(true)}>
        {t("money.exchange.button")}
      </Button>
      <ExchangeModal open={open} onClose={() => setOpen(false)} source={source} />
    </>
  );
}

/**
 * The review step of /crypto/send-stablecoins (./send-stablecoins.tsx): what will be sent, from where
 * and at what cost, who must approve it, and the one-time code; loaded once the form is on screen,
 * not with it.
 */
import { useTranslate } from "@refinedev/core";
import { Button, Descriptions, Form, Space, Typography } from "antd";
import { ArrowLeftOutlined, SendOutlined } from "@ant-design/icons";
import { ApprovalRoute } from "../../components/approvals/approval-route.tsx";
import { OneTimeCodeInput, type useOneTimeCode } from "../../components/money/one-time-code.tsx";
import { shorten } from "../../../lib/shorten.ts";
import { formatMoney } from "../../../lib/money.ts";
import { networkOf } from "../../../lib/assets.ts";
import { cryptoSendEndpoints } from "../../../../resources/crypto-send.ts";
import type { SentBodyOf } from "../../../../resources/define-endpoint.ts";
import type { Wallet } from "../../../../resources/wallets.ts";

/** A send as reviewed: the body to post, and what the review shows of it. */
export type StablecoinDraft = {
  body: SentBodyOf<typeof cryptoSendEndpoints.send>;
  wallet: Wallet;
  to: string;
  address: string;
  amount: bigint;
  fee: bigint;
  description: string;
};

type Props = { draft: StablecoinDraft; otp: ReturnType<typeof useOneTimeCode>; sending: boolean; onBack: () => void; onConfirm: () => void };

export function StablecoinReview({ draft, otp, sending, onBack, onConfirm }: Props) {
  const t = useTranslate();
  return (
    <>
      <Descriptions column={1} size="small" bordered style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t("payments.sendStablecoins.fromWallet")}>
          {draft.wallet.currency} · {networkOf(draft.wallet.blockchain)} ({shorten(draft.wallet.address, 8, 6)})
        </Descriptions.Item>
        <Descriptions.Item label={t("payments.common.to")}>{draft.to}</Descriptions.Item>
        <Descriptions.Item label={t("payments.sendStablecoins.walletAddress")}>
          <Typography.Text style={{ wordBreak: "break-all" }}>{draft.address}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t("payments.sendStablecoins.network")}>{networkOf(draft.wallet.blockchain)}</Descriptions.Item>
        <Descriptions.Item label={t("payments.common.amount")}>{formatMoney(draft.amount, draft.wallet.currency)}</Descriptions.Item>
        <Descriptions.Item label={t("payments.sendStablecoins.networkFee")}>{formatMoney(draft.fee, draft.wallet.currency)}</Descriptions.Item>
        <Descriptions.Item label={t("payments.common.totalDebit")}>
          <Typography.Text strong>{formatMoney(draft.amount + draft.fee, draft.wallet.currency)}</Typography.Text>
        </Descriptions.Item>
        {draft.description && <Descriptions.Item label={t("payments.common.description")}>{draft.description}</Descriptions.Item>}
      </Descriptions>
      <ApprovalRoute scope="CRYPTO" currency={draft.wallet.currency} amount={draft.amount.toString()} />
      <Form layout="vertical" component={false}>
        <OneTimeCodeInput otp={otp} request={draft && { endpoint: cryptoSendEndpoints.send, body: draft.body }} />
      </Form>
      <Space>
        <Button icon={<ArrowLeftOutlined />} onClick={onBack} disabled={sending}>
          {t("payments.common.back")}
        </Button>
        <Button type="primary" icon={<SendOutlined />} onClick={onConfirm} loading={sending} disabled={!otp.ready}>
          {t("payments.common.confirmAndSend")}
        </Button>
      </Space>
    </>
  );
}

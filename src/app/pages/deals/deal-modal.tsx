/**
 * The deal modal (SPEC §2 Deals, §4 Deal states, §8): the deal reloaded from the server so its state
 * is current, its description and benefits, and the button or panel its state calls for:
 * APPLICATION_PENDING a disabled 'Your application is being reviewed'; REDEEMED 'View' (the
 * redemption instruction); NOT_ELIGIBLE 'You are not eligible for this deal' with the way to
 * qualify; otherwise 'Redeem', which asks the eligibility questions ('Get deal' sends them).
 */
import { useEffect, useState } from "react";
import { useTranslate } from "@refinedev/core";
import { Link } from "react-router";
import { Alert, Button, Card, Flex, Modal, Result, Skeleton, Tag, Typography } from "antd";
import { dealEndpoints, type Deal } from "../../../../resources/deals.ts";
import { call } from "../../api/call.ts";
import { DealBenefits, DealLogo } from "./deal-parts.tsx";
import { RedeemForm } from "./redeem-form.tsx";
import { useSession } from "../../session/session.tsx";

type View = "details" | "questions" | "not-qualified";

function useDeal(id: string) {
  const [state, setState] = useState<{ deal: Deal | null; failed: boolean; version: number }>({ deal: null, failed: false, version: 0 });
  useEffect(() => {
    let live = true;
    call(dealEndpoints.show, { params: { id } })
      .then((r) => live && setState((s) => ({ ...s, deal: r.data, failed: false })))
      .catch(() => live && setState((s) => ({ ...s, deal: null, failed: true })));
    return () => {
      live = false;
    };
  }, [id, state.version]);
  return {
    ...state,
    set: (deal: Deal) => setState((s) => ({ ...s, deal })),
    reload: () => setState((s) => ({ ...s, version: s.version + 1 })),
  };
}

function Instruction({ dealId }: { dealId: string }) {
  const t = useTranslate();
  const [state, setState] = useState<{ text?: string; failed?: boolean }>({});
  useEffect(() => {
    let live = true;
    call(dealEndpoints.redemptionInstruction, { params: { id: dealId } })
      .then((r) => live && setState({ text: r.data.redemption_instruction }))
      .catch(() => live && setState({ failed: true }));
    return () => {
      live = false;
    };
  }, [dealId]);
  if (state.failed) return <Alert type="error" showIcon message={t("deals.modal.instructionError")} />;
  if (state.text === undefined) return <Skeleton active paragraph={{ rows: 1 }} />;
  return (
    <Card size="small" title={t("deals.modal.instruction")} role="region" aria-label={t("deals.modal.instruction")}>
      <Typography.Paragraph copyable style={{ margin: 0 }}>
        {state.text}
      </Typography.Paragraph>
    </Card>
  );
}

function DealAction({ deal, onRedeem }: { deal: Deal; onRedeem: () => void }) {
  const t = useTranslate();
  const [showInstruction, setShowInstruction] = useState(false);
  const { can } = useSession();
  switch (deal.business_deal_state) {
    case "APPLICATION_PENDING":
      return (
        <Button block disabled>
          {t("deals.modal.reviewing")}
        </Button>
      );
    case "REDEEMED":
      return showInstruction ? (
        <Instruction dealId={deal.id} />
      ) : (
        <Button type="primary" block onClick={() => setShowInstruction(true)}>
          {t("deals.modal.view")}
        </Button>
      );
    case "NOT_ELIGIBLE":
      return (
        <>
          <Button block disabled>
            {t("deals.modal.notEligible")}
          </Button>
          <NotEligiblePanel />
        </>
      );
    default:
      // Redeeming signs the business up (policy: accounts_write); others see the deal without the button.
      return can("deals", "redeem") ? (
        <Button type="primary" block onClick={onRedeem}>
          {t("deals.modal.redeem")}
        </Button>
      ) : (
        <Button block disabled>
          {t("deals.modal.cannotRedeem")}
        </Button>
      );
  }
}

export function DealModal({ dealId, onClose, onChanged }: { dealId: string; onClose: () => void; onChanged: () => void }) {
  const t = useTranslate();
  const current = useDeal(dealId);
  const [view, setView] = useState<View>("details");
  const deal = current.deal;

  const body = current.failed ? (
    <Alert type="error" showIcon message={t("deals.fetchError")} />
  ) : !deal ? (
    <Skeleton active avatar paragraph={{ rows: 4 }} />
  ) : view === "not-qualified" ? (
    <NotEligiblePanel />
  ) : (
    <Flex vertical gap={16}>
      <Flex gap={12} align="center">
        <DealLogo deal={deal} size={56} />
        <Tag>{deal.category}</Tag>
      </Flex>
      <Typography.Paragraph style={{ margin: 0 }}>{deal.description}</Typography.Paragraph>
      <DealBenefits benefits={deal.benefits} />
      {view === "questions" ? (
        <RedeemForm
          deal={deal}
          onBack={() => setView("details")}
          onRedeemed={(d) => {
            current.set(d);
            setView("details");
            onChanged();
          }}
          onNotQualified={() => {
            setView("not-qualified");
            onChanged();
          }}
          onStale={() => {
            setView("details");
            current.reload();
            onChanged();
          }}
        />
      ) : (
        <DealAction key={deal.business_deal_state} deal={deal} onRedeem={() => setView("questions")} />
      )}
    </Flex>
  );

  return (
    <Modal open title={deal?.name ?? t("deals.modal.fallbackTitle")} onCancel={onClose} footer={null} width={600} destroyOnHidden>
      {body}
    </Modal>
  );
}

/** SPEC §2, §8: the way to qualify is more activity, so it links to the transactions. */
export function NotEligiblePanel() {
  const t = useTranslate();
  return (
    <Result
      status="info"
      style={{ padding: "16px 0" }}
      title={<span style={{ fontSize: 18 }}>{t("deals.notEligibleText")}</span>}
      extra={<Link to="/transactions">{t("deals.viewTransactions")}</Link>}
    />
  );
}

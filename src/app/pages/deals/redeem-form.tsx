/**
 * The eligibility questions of a deal (SPEC §3 Redemption answer), every one required, sent as the
 * SPEC's body. The form has the request's own shape and schema, so the browser and the server
 * reject the same answers with the same words, and server field errors land under their question.
 */
import { useForm } from "react-hook-form";
import { zodResolver } from "../../i18n/validation.ts";
import { useTranslate } from "@refinedev/core";
import { Button, Flex, Form, Input, Typography } from "antd";
import { DO_NOT_QUALIFY, dealEndpoints, RedeemDeal, type Deal } from "../../../../resources/deals.ts";
import { isApiError } from "../../api/client.ts";
import { call } from "../../api/call.ts";
import { useToast } from "../../hooks/use-toast.ts";
import { Field, applyServerErrors } from "../../components/form/field.tsx";

type Props = {
  deal: Deal;
  onBack: () => void;
  /** The deal as the server now has it, with its new state. */
  onRedeemed: (deal: Deal) => void;
  onNotQualified: () => void;
  /** The deal changed elsewhere (e.g. redeemed by a teammate): reload it. */
  onStale: () => void;
};

export function RedeemForm({ deal, onBack, onRedeemed, onNotQualified, onStale }: Props) {
  const t = useTranslate();
  const toast = useToast();
  const form = useForm<RedeemDeal>({
    resolver: zodResolver(RedeemDeal) as never,
    defaultValues: { eligibility_questions: deal.eligbility_questions.map((q) => ({ id: q.id, question: q.content.en, answer: "" })) },
  });

  const submit = form.handleSubmit(async (values) => {
    try {
      const res = await call(dealEndpoints.redeem, { params: { id: deal.id }, body: values });
      toast.success(res.message);
      onRedeemed(res.data);
    } catch (e) {
      toast.error(e);
      if (!isApiError(e)) return;
      if (e.message === DO_NOT_QUALIFY) onNotQualified();
      else if (e.statusCode === 409 || e.statusCode === 404) onStale();
      else applyServerErrors(e.errors, form.setError);
    }
  });

  return (
    <Form layout="vertical" component="form" onFinish={submit} noValidate aria-label={t("deals.redeem.questions")}>
      <Typography.Title level={5}>{t("deals.redeem.questions")}</Typography.Title>
      {deal.eligbility_questions.length === 0 && <Typography.Paragraph type="secondary">{t("deals.redeem.none")}</Typography.Paragraph>}
      {deal.eligbility_questions.map((q, i) => (
        <Field key={q.id} control={form.control} name={`eligibility_questions.${i}.answer`} label={q.content.en}>
          {(f) => <Input.TextArea id={f.id} autoSize={{ minRows: 1, maxRows: 4 }} maxLength={1000} value={f.value} onChange={f.onChange} onBlur={f.onBlur} />}
        </Field>
      ))}
      <Flex gap={8} justify="end">
        <Button onClick={onBack} disabled={form.formState.isSubmitting}>
          {t("deals.redeem.back")}
        </Button>
        <Button type="primary" htmlType="submit" loading={form.formState.isSubmitting}>
          {t("deals.redeem.getDeal")}
        </Button>
      </Flex>
    </Form>
  );
}

/** /create-account (SPEC §5 Sign-up): every field required; on success, /login?action=signup. */
import { Link, useNavigate } from "react-router";
import { useForm } from "react-hook-form";
import { zodResolver } from "../../i18n/validation.ts";
import { Button, Checkbox, Form, Input, Select, Typography } from "antd";
import { useTranslate } from "@refinedev/core";
import { NameFields } from "../../components/form/name-fields.tsx";
import { authEndpoints, BUSINESS_TYPES, SIGN_UP_REASONS, SignUpForm } from "../../../../resources/auth.ts";
import { businessTypeText, signUpReasonText } from "../../i18n/shared-labels.ts";
import { SIGN_UP_COUNTRIES } from "../../../lib/countries.ts";
import { isApiError } from "../../api/client.ts";
import { call } from "../../api/call.ts";
import { AuthCard } from "../../components/layout/auth-card.tsx";
import { Field, applyServerErrors } from "../../components/form/field.tsx";
import { PasswordChecklist } from "../../components/form/password-checklist.tsx";
import { useToast } from "../../hooks/use-toast.ts";

const dialOf = (code: string) => SIGN_UP_COUNTRIES.find((c) => c.code === code)?.dial ?? "";

export default function CreateAccountPage() {
  const navigate = useNavigate();
  const toast = useToast();
  const t = useTranslate();
  const form = useForm<SignUpForm>({
    resolver: zodResolver(SignUpForm),
    defaultValues: {
      business_name: "",
      email: "",
      password: "",
      first_name: "",
      last_name: "",
      phone: "",
      sign_up_reasons: [],
    },
  });
  const password = form.watch("password");

  const submit = form.handleSubmit(async (values) => {
    try {
      const res = await call(authEndpoints.register, { body: values });
      toast.success(res.message);
      navigate("/login?action=signup");
    } catch (e) {
      if (isApiError(e)) applyServerErrors(e.errors, form.setError);
      toast.error(e);
    }
  });

  // Choosing a country starts the phone number with its dial code, unless one was typed already.
  function onCountry(code: string) {
    form.setValue("country", code as SignUpForm["country"], { shouldValidate: form.formState.isSubmitted });
    const phone = form.getValues("phone");
    if (!phone || SIGN_UP_COUNTRIES.some((c) => c.dial === phone)) form.setValue("phone", dialOf(code));
  }

  return (
    <AuthCard
      title={t("auth.signup.title")}
      subtitle={t("auth.signup.subtitle")}
      width={560}
      footer={
        <Typography.Text>
          {t("auth.signup.haveAccount")} <Link to="/login">{t("auth.signup.logIn")}</Link>
        </Typography.Text>
      }
    >
      <Form layout="vertical" onFinish={submit} component="form" noValidate>
        <Field control={form.control} name="business_name" label={t("auth.signup.businessName")}>
          {(f) => <Input {...f} autoComplete="organization" />}
        </Field>
        <Field control={form.control} name="business_type" label={t("auth.signup.businessType")}>
          {(f) => (
            <Select
              {...f}
              placeholder={t("auth.signup.businessTypePlaceholder")}
              options={BUSINESS_TYPES.map((b) => ({ value: b, label: businessTypeText(t, b) }))}
            />
          )}
        </Field>
        <NameFields control={form.control} />
        <Field control={form.control} name="email" label={t("auth.signup.workEmail")}>
          {(f) => <Input {...f} type="email" autoComplete="email" />}
        </Field>
        <Field control={form.control} name="country" label={t("auth.signup.country")}>
          {(f) => (
            <Select
              {...f}
              onChange={onCountry}
              showSearch
              optionFilterProp="label"
              placeholder={t("auth.signup.countryPlaceholder")}
              options={SIGN_UP_COUNTRIES.map((c) => ({ value: c.code, label: `${c.name} (${c.dial})` }))}
            />
          )}
        </Field>
        <Field control={form.control} name="phone" label={t("common.phoneNumber")}>
          {(f) => <Input {...f} type="tel" autoComplete="tel" placeholder="+2348012345678" />}
        </Field>
        <Field control={form.control} name="password" label={t("common.password")}>
          {(f) => <Input.Password {...f} autoComplete="new-password" />}
        </Field>
        <PasswordChecklist value={password} />
        <Field control={form.control} name="sign_up_reasons" label={t("auth.signup.reasons")}>
          {(f) => (
            <Checkbox.Group
              value={f.value}
              onChange={f.onChange}
              style={{ display: "grid", gap: 6 }}
              options={SIGN_UP_REASONS.map((r) => ({ value: r.value, label: signUpReasonText(t, r.value) }))}
            />
          )}
        </Field>
        <Button type="primary" htmlType="submit" block loading={form.formState.isSubmitting}>
          {t("auth.signup.submit")}
        </Button>
      </Form>
    </AuthCard>
  );
}

/**
 * /invitation/:token (SPEC §5 Invitation acceptance). A new person gives name, password and phone
 * (default code +234); someone who already has an account only confirms. A bad link shows the error
 * and returns to /login after 1 second.
 */
import { useEffect, useRef, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { useForm } from "react-hook-form";
import { zodResolver } from "../../i18n/validation.ts";
import type { z } from "zod";
import { Button, Form, Input, Spin } from "antd";
import { useTranslate } from "@refinedev/core";
import { NameFields } from "../../components/form/name-fields.tsx";
import { authEndpoints, InvitationUserInfo } from "../../../../resources/auth.ts";
import type { ReceivedOf } from "../../../../resources/define-endpoint.ts";
import { DEFAULT_DIAL_CODE } from "../../../lib/countries.ts";
import { call } from "../../api/call.ts";
import { AuthCard } from "../../components/layout/auth-card.tsx";
import { Field } from "../../components/form/field.tsx";
import { PasswordChecklist } from "../../components/form/password-checklist.tsx";
import { useToast } from "../../hooks/use-toast.ts";

export const INVITATION_FAILURE_REDIRECT_MS = 1000;
type Invitation = ReceivedOf<typeof authEndpoints.invitation>;
type UserInfo = z.input<typeof InvitationUserInfo>;

export default function InvitationPage() {
  const { token = "" } = useParams();
  const navigate = useNavigate();
  const toast = useToast();
  const t = useTranslate();
  const [invitation, setInvitation] = useState<Invitation | null>(null);
  const loaded = useRef(false);

  useEffect(() => {
    if (loaded.current) return;
    loaded.current = true;
    call(authEndpoints.invitation, { params: { token } })
      .then((res) => setInvitation(res.data))
      .catch((e) => {
        toast.error(e);
        setTimeout(() => navigate("/login", { replace: true }), INVITATION_FAILURE_REDIRECT_MS);
      });
  }, [token, navigate, toast]);

  const form = useForm<UserInfo>({
    resolver: zodResolver(InvitationUserInfo),
    defaultValues: { first_name: "", last_name: "", password: "", phone: DEFAULT_DIAL_CODE },
  });

  async function accept(user_info?: UserInfo) {
    try {
      const res = await call(authEndpoints.acceptInvitation, { body: { token, ...(user_info ? { user_info } : {}) } });
      toast.success(res.message);
      navigate("/login", { replace: true });
    } catch (e) {
      toast.error(e);
    }
  }

  if (!invitation)
    return (
      <AuthCard title={t("auth.invitation.title")}>
        <Spin /> {t("auth.invitation.loading")}
      </AuthCard>
    );
  const title = t("auth.invitation.join", { business: invitation.business.name });
  if (invitation.user_id) {
    return (
      <AuthCard title={title} subtitle={t("auth.invitation.existing", { email: invitation.email })}>
        <Button type="primary" block onClick={() => accept()}>
          {t("auth.invitation.accept")}
        </Button>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={title} subtitle={t("auth.invitation.setUp", { email: invitation.email })}>
      <Form layout="vertical" onFinish={form.handleSubmit((v) => accept(v))} component="form" noValidate>
        <NameFields control={form.control} />
        <Field control={form.control} name="phone" label={t("common.phoneNumber")}>
          {(f) => <Input {...f} type="tel" autoComplete="tel" />}
        </Field>
        <Field control={form.control} name="password" label={t("common.password")}>
          {(f) => <Input.Password {...f} autoComplete="new-password" />}
        </Field>
        <PasswordChecklist value={form.watch("password")} />
        <Button type="primary" htmlType="submit" block loading={form.formState.isSubmitting}>
          {t("auth.invitation.accept")}
        </Button>
      </Form>
    </AuthCard>
  );
}

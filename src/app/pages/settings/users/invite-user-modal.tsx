/**
 * The invite-user form (SPEC §5 Invite): email, position and at least one role, OWNER never offered,
 * validated with the same schema the server validates POST users/invites with.
 */
import { useForm } from "react-hook-form";
import { zodResolver } from "../../../i18n/validation.ts";
import { type HttpError, useTranslate } from "@refinedev/core";
import type { z } from "zod";
import { Alert, Form, Input, Modal } from "antd";
import { InviteBody, teamEndpoints } from "../../../../../resources/users.ts";
import { isApiError } from "../../../api/client.ts";
import { applyServerErrors, Field } from "../../../components/form/field.tsx";
import { useAssignableRoles, useTeamCall } from "./use-team.ts";
import { RolesSelect } from "./roles-select.tsx";

type Values = z.input<typeof InviteBody>;
type Body = z.output<typeof InviteBody>;

const EMPTY: Values = { email: "", position: "", role: [] };

export function InviteUserModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useTranslate();
  const { roles, loading, failed } = useAssignableRoles();
  const call = useTeamCall();
  const form = useForm<Values, HttpError, Body>({ resolver: zodResolver(InviteBody), defaultValues: EMPTY });

  const close = () => {
    form.reset(EMPTY);
    onClose();
  };

  async function submit(values: Body) {
    try {
      await call(teamEndpoints.invite, { body: values });
      close();
    } catch (e) {
      if (isApiError(e)) applyServerErrors(e.errors, form.setError);
    }
  }

  return (
    <Modal
      title={t("settings.users.invite")}
      open={open}
      onCancel={close}
      okText={t("settings.users.sendInvite")}
      onOk={() => form.handleSubmit(submit)()}
      confirmLoading={form.formState.isSubmitting}
      destroyOnHidden
    >
      {failed && <Alert type="error" showIcon message={t("settings.users.rolesError")} style={{ marginBottom: 16 }} />}
      <Form layout="vertical" component="form" noValidate onFinish={() => form.handleSubmit(submit)()}>
        <Field control={form.control} name="email" label={t("settings.users.email")}>
          {(f) => <Input {...f} type="email" autoComplete="off" placeholder={t("settings.users.emailPlaceholder")} />}
        </Field>
        <Field control={form.control} name="position" label={t("settings.users.position")}>
          {(f) => <Input {...f} placeholder={t("settings.users.positionPlaceholder")} />}
        </Field>
        <Field control={form.control} name="role" label={t("settings.users.roles")}>
          {(f) => <RolesSelect {...f} roles={roles} loading={loading} />}
        </Field>
        {/* Enter in a field submits, like the OK button. */}
        <button type="submit" hidden />
      </Form>
    </Modal>
  );
}

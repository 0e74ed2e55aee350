/** A member's roles as a multi-select (SPEC §5 Role update: at least one; OWNER never offered). */
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "../../../i18n/validation.ts";
import type { z } from "zod";
import { Button, Form } from "antd";
import { useTranslate } from "@refinedev/core";
import { teamEndpoints, type BusinessUser } from "../../../../../resources/users.ts";
import { RolesUpdate } from "../../../../../resources/settings.ts";
import { isApiError } from "../../../api/client.ts";
import { applyServerErrors, Field } from "../../../components/form/field.tsx";
import { useAssignableRoles, useTeamCall } from "./use-team.ts";
import { RolesSelect } from "./roles-select.tsx";

type Values = z.infer<typeof RolesUpdate>;

export function RoleEditor({ member }: { member: BusinessUser }) {
  const t = useTranslate();
  const { roles, loading, failed } = useAssignableRoles();
  const call = useTeamCall();
  const current = member.roles.map((r) => r.name);
  const form = useForm<Values>({ resolver: zodResolver(RolesUpdate), defaultValues: { role: current } });
  const currentKey = current.join(",");
  // A re-read member (after a save, or another member chosen) becomes the starting point again.
  useEffect(() => form.reset({ role: currentKey ? currentKey.split(",") : [] }), [currentKey, form]);

  async function save(values: Values) {
    try {
      await call(teamEndpoints.updateRoles, { params: { id: member.id }, body: values });
    } catch (e) {
      if (isApiError(e)) applyServerErrors(e.errors, form.setError);
    }
  }

  return (
    <Form layout="vertical" component="form" noValidate onFinish={() => form.handleSubmit(save)()}>
      <Field control={form.control} name="role" label={t("settings.users.changeRoles")} extra={failed ? t("settings.users.rolesError") : undefined}>
        {(f) => <RolesSelect {...f} roles={roles} loading={loading} />}
      </Field>
      <Button htmlType="submit" type="primary" loading={form.formState.isSubmitting} disabled={!form.formState.isDirty}>
        {t("settings.users.updateRoles")}
      </Button>
    </Form>
  );
}

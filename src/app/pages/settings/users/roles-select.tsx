/** The roles a member may be given, as a multi-select (the invite dialog and the role editor). */
import { Select, type SelectProps } from "antd";
import { useTranslate } from "@refinedev/core";

export function RolesSelect({ roles, loading, ...field }: SelectProps & { roles: { name: string }[] }) {
  const t = useTranslate();
  return (
    <Select
      {...field}
      mode="multiple"
      placeholder={t("settings.users.selectRoles")}
      loading={loading}
      options={roles.map((r) => ({ value: r.name, label: r.name }))}
    />
  );
}

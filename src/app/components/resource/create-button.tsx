/**
 * A resource's create button and the create screen's place in the URL: ?add-new=true opens it (so a
 * link from elsewhere can, e.g. a customer's 'Create sub-account'), with the choice of a declared
 * create menu beside it; a resource that creates on a page goes there instead.
 */
import { useNavigate, useSearchParams } from "react-router";
import { Button, Dropdown } from "antd";
import { DownOutlined, PlusOutlined } from "@ant-design/icons";
import { useTranslate } from "@refinedev/core";
import type { ResourceDef } from "../../../../resources/define-resource.ts";
import { useDeclared } from "./use-declared.ts";

export function useCreateScreen(def: ResourceDef) {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const createPage = def.createOpens === "page" && def.routes.create ? def.routes.create : undefined;
  const open = (choice?: string) =>
    createPage
      ? navigate(createPage)
      : setParams((p) => {
          p.set("add-new", "true");
          if (def.createMenu && choice) p.set(def.createMenu.param, choice);
          return p;
        });
  // Everything the create screen read goes with it, so the next opening starts afresh.
  const close = () =>
    setParams((p) => {
      for (const name of ["add-new", ...(def.createMenu ? [def.createMenu.param] : []), ...(def.createParams ?? [])]) p.delete(name);
      return p;
    });
  return { adding: params.get("add-new") === "true", createPage, open, close };
}

/** The create button (the caller checked the member may create): a menu of the declared choices when there are some. */
export function CreateButton({ def: declared }: { def: ResourceDef }) {
  const t = useTranslate();
  const def = useDeclared(declared);
  const { open } = useCreateScreen(def);
  const label = def.createLabel ?? t("common.create");
  if (!def.createMenu)
    return (
      <Button type="primary" icon={<PlusOutlined />} onClick={() => open()}>
        {label}
      </Button>
    );
  return (
    <Dropdown trigger={["click"]} menu={{ items: def.createMenu.options.map((o) => ({ key: o.value, label: o.label })), onClick: ({ key }) => open(key) }}>
      <Button type="primary" icon={<PlusOutlined />}>
        {label} <DownOutlined />
      </Button>
    </Dropdown>
  );
}

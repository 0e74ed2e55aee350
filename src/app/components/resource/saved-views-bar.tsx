/**
 * Quick tabs above a list (issue 30): "All", then each saved view (the team's marked with an icon);
 * "Save view" keeps the current filters, sort, tab and columns under a name; the chosen view's menu
 * renames it, updates it to the current state, shares or unshares it, deletes it. The maker changes
 * a view; the business owner may also delete a shared one.
 */
import { Suspense, useState } from "react";
import { useLocation } from "react-router";
import { useGo, useTranslate } from "@refinedev/core";
import { Button, Dropdown, Flex, Tabs, Tooltip } from "antd";
import { MoreOutlined, TeamOutlined } from "@ant-design/icons";
import type { ResourceDef } from "../../../../resources/define-resource.ts";
import { savedViewEndpoints, type SavedView, type SavedViewChange } from "../../../../resources/saved-views.ts";
import { useWrite } from "../../api/write.ts";
import { useToast } from "../../hooks/use-toast.ts";
import { lazyNamed } from "../../lib/lazy.ts";
import { useSession } from "../../session/session.tsx";
import { listStateOf, viewParamsOf, type ListState } from "./list-view-params.ts";
import { VIEW_PARAM } from "./list-url-state.ts";
import type { ViewNaming } from "./saved-view-dialog.tsx";
import { useFeedback } from "../../providers/feedback.tsx";

const SavedViewDialog = lazyNamed(() => import("./saved-view-dialog.tsx"), "SavedViewDialog");

const ALL_VIEWS = "all";

type Props = {
  def: ResourceDef;
  views: SavedView[];
  /** The chosen view's id; none: "All". */
  active?: string;
  /** The list's state and columns now: what "Save view" and "Update to current" keep. */
  state: ListState;
  columns: string[];
};

export function SavedViewsBar({ def, views, active, state, columns }: Props) {
  const go = useGo();
  const t = useTranslate();
  const { pathname } = useLocation();
  const list = def.name;
  const current = () => ({ params: viewParamsOf(def, state), columns });
  // A view is applied through the URL (its filters and sort in Refine's form), which the list then starts from.
  const onChoose = (next: SavedView | null) => {
    if (!next) return go({ to: pathname, type: "push" });
    const { filters, sorters, tab } = listStateOf(def, next.params);
    go({ to: pathname, type: "push", query: { [VIEW_PARAM]: next.id, tab, filters, sorters } });
  };
  const { can, session } = useSession();
  const write = useWrite();
  const toast = useToast();
  const { modal } = useFeedback();
  const [naming, setNaming] = useState<"save" | "rename" | null>(null);
  const view = views.find((v) => v.id === active);
  const id = view?.id ?? "";

  const create = async ({ name, shared }: ViewNaming) => {
    const saved = (await write(savedViewEndpoints.create, { body: { list, name, shared, ...current() } })).data;
    toast.success(t("resource.views.saved", { name: saved.name }));
    onChoose(saved);
  };
  const change = (body: SavedViewChange, done: string) => write(savedViewEndpoints.update, { params: { id }, body }).then(() => toast.success(done));
  const act = (run: () => Promise<unknown>) => run().catch((e) => toast.error(e));
  const remove = () =>
    modal.confirm({
      title: t("resource.views.deleteConfirm", { name: view?.name }),
      content: view?.shared ? t("resource.views.deleteSharedBody") : undefined,
      okText: t("common.delete"),
      okButtonProps: { danger: true },
      onOk: () =>
        act(async () => {
          await write(savedViewEndpoints.remove, { params: { id } });
          toast.success(t("resource.views.deleted"));
          onChoose(null);
        }),
    });

  const mine = !!view?.mine;
  const menu = [
    ...(mine
      ? [
          { key: "rename", label: t("resource.views.rename"), onClick: () => setNaming("rename") },
          { key: "update", label: t("resource.views.update"), onClick: () => act(() => change(current(), t("resource.views.updated"))) },
          view?.shared
            ? { key: "unshare", label: t("resource.views.unshare"), onClick: () => act(() => change({ shared: false }, t("resource.views.unshared"))) }
            : { key: "share", label: t("resource.views.share"), onClick: () => act(() => change({ shared: true }, t("resource.views.sharedDone"))) },
        ]
      : []),
    ...(mine || (view?.shared && session?.is_owner) ? [{ key: "delete", label: t("common.delete"), danger: true, onClick: remove }] : []),
  ];

  return (
    <>
      {/* The view buttons sit beside the tabs, not in antd's tabBarExtraContent: that puts buttons
          inside the role="tablist", where only tabs may be (axe aria-required-children, critical). */}
      <Flex align="start" gap={8}>
        <Tabs
          style={{ flex: 1, minWidth: 0 }}
          size="small"
          activeKey={view ? id : ALL_VIEWS}
          onChange={(key) => onChoose(views.find((v) => v.id === key) ?? null)}
          items={[
            { key: ALL_VIEWS, label: t("resource.views.all") },
            ...views.map((v) => ({
              key: v.id,
              label: (
                <Flex gap={6} align="center">
                  {v.name}
                  {v.shared && (
                    <Tooltip title={v.mine ? t("resource.views.sharedMine") : t("resource.views.sharedBy", { name: v.owner.name })}>
                      <TeamOutlined role="img" aria-label={v.mine ? t("resource.views.sharedMine") : t("resource.views.sharedBy", { name: v.owner.name })} />
                    </Tooltip>
                  )}
                </Flex>
              ),
            })),
          ]}
        />
        <Flex gap={8}>
          {menu.length > 0 && (
            <Dropdown menu={{ items: menu }} trigger={["click"]}>
              <Button icon={<MoreOutlined />} aria-label={t("resource.views.options", { name: view?.name })} />
            </Dropdown>
          )}
          {can("saved-views", "create") && <Button onClick={() => setNaming("save")}>{t("resource.views.save")}</Button>}
        </Flex>
      </Flex>
      {naming && (
        <Suspense fallback={null}>
          <SavedViewDialog
            title={naming === "save" ? t("resource.views.save") : t("resource.views.renameTitle")}
            okText={naming === "save" ? t("common.save") : t("resource.views.rename")}
            nameOnly={naming === "rename"}
            initial={naming === "rename" && view ? { name: view.name, shared: view.shared } : undefined}
            onSubmit={naming === "save" ? create : ({ name }) => change({ name }, t("resource.views.renamed"))}
            onClose={() => setNaming(null)}
          />
        </Suspense>
      )}
    </>
  );
}

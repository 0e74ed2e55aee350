/**
 * What a member shapes on a generic list (issue 30): the columns shown (their own choice, kept on
 * the server per member; a saved view's while it is chosen) and the saved views above the table.
 * A view lives in the URL (?view=<id> beside its filters, sort and tab), so a link reproduces it.
 */
import { Suspense, useEffect, useState } from "react";
import type { ResourceDef } from "../../../../resources/define-resource.ts";
import { ColumnChooser } from "./column-chooser.tsx";
import { choosableColumns } from "./list-columns.tsx";
import type { ListState } from "./list-view-params.ts";
import { useColumnPreference, useSavedViews } from "./use-list-choices.ts";
import { useToast } from "../../hooks/use-toast.ts";
import { lazyNamed } from "../../lib/lazy.ts";

// The tabs, their menu and dialogs load beside the list's first rows, not before the page.
const SavedViewsBar = lazyNamed(() => import("./saved-views-bar.tsx"), "SavedViewsBar");
/**
 * The room the tabs take, kept while they load so the table does not jump: antd's small tab bar (38 px)
 * and the 16 px below it. At 46 the rows moved 8 px down when the tabs came after them (saved-views.spec.ts).
 */
const BAR_HEIGHT = 54;

type Options = {
  /** The list's state now, for "Save view" and "Update to current". */
  state: ListState;
  /** The chosen view's id from the URL ("" for none). */
  viewId: string;
  /** Saved views need the list's state in the URL: lists hosted in other pages keep only the column chooser. */
  views: boolean;
};

export function useListShaping(def: ResourceDef, { state, viewId, views: viewsOn }: Options) {
  const toast = useToast();
  const preference = useColumnPreference(def.name);
  const views = useSavedViews(def.name, viewsOn);
  const view = views.find((v) => v.id === viewId);
  // Columns changed while a view is chosen stay with the page until "Update to current" keeps them in the view.
  const [viewDraft, setViewDraft] = useState<string[] | null>(null);
  const declared = choosableColumns(def);
  // The member's own choice as just made: shown in the same render as the click (a checkbox ticks when
  // clicked), while the cache that keeps it tells its readers a moment later; dropped once it has.
  const [justChosen, setJustChosen] = useState<string[] | null>(null);
  useEffect(() => setJustChosen(null), [preference.columns]);
  const chosen = (view ? (viewDraft ?? view.columns) : null) ?? justChosen ?? preference.columns;
  const kept = (chosen ?? []).filter((f) => declared.some((c) => c.field === f));
  // A choice naming no column that still exists shows the declared ones (as the table does).
  const shown = kept.length ? kept : declared.map((c) => c.field);
  const setShown = (fields: string[]) => {
    if (view) return setViewDraft(fields);
    setJustChosen(fields);
    preference.save(fields).catch(toast.error);
  };

  const chooser = (
    <ColumnChooser
      columns={declared.map((c) => ({ field: c.field, title: c.title }))}
      shown={shown}
      onChange={setShown}
      onReset={() => setShown(declared.map((c) => c.field))}
    />
  );
  const bar = viewsOn && (
    <Suspense fallback={<div style={{ height: BAR_HEIGHT }} />}>
      <SavedViewsBar def={def} views={views} active={view?.id} state={state} columns={shown} />
    </Suspense>
  );
  // Until the member's choice has loaded the declared columns show, not a guess.
  return { shown: preference.loaded || view ? shown : null, bar, chooser };
}

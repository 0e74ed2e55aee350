/**
 * Bespoke screens a resource declaration names by key (its create modal or page, its edit modal, its
 * details page or modal, a list page, a panel beside its list). The generic screens look them up here; the
 * registry itself (src/app/pages/screens.ts) is handed in by the app, so these components never
 * import the pages that import them (no import circle).
 */
import { createContext, useContext, type ComponentType, type CSSProperties, type LazyExoticComponent, type ReactNode } from "react";

/** What a bespoke edit modal (ResourceDef.editComponent) is given: the record as read, and how to close. */
export type EditScreenProps = { open: boolean; record: Record<string, unknown> & { id: string }; onClose: () => void };

/**
 * What a bespoke details modal (ResourceDef.detailsModal) is given by the list that opens it: the
 * record's id (null: closed), how to close, and, when the member may edit, how to open the editor.
 */
export type DetailsScreenProps = {
  id: string | null;
  onClose: () => void;
  onEdit?: (record: Record<string, unknown> & { id: string }) => void;
};

type Screen<P = object> = LazyExoticComponent<ComponentType<P>>;

export type Screens = {
  /** Create modals (createComponent), hosted by the list. */
  create: Record<string, Screen<{ open: boolean; onClose: () => void }>>;
  /** Create pages (createComponent with createOpens "page"), routed at the resource's create route. */
  createPages: Record<string, Screen>;
  /** Details pages (showComponent). */
  show: Record<string, Screen>;
  /** Details modals (detailsModal), opened over a list by a row click. */
  details: Record<string, Screen<DetailsScreenProps>>;
  /** List pages (listComponent), routed at the resource's list route instead of the generic list. */
  list: Record<string, Screen>;
  /** Edit modals (editComponent), opened by Edit on the details page and on a list row's menu. */
  edit: Record<string, Screen<EditScreenProps>>;
  /** Panels beside a list (aside): each decides whether the member may see it and takes the list's `style`. */
  aside: Record<string, Screen<{ style?: CSSProperties }>>;
};

const NONE: Screens = { create: {}, createPages: {}, show: {}, details: {}, list: {}, edit: {}, aside: {} };
const ScreensContext = createContext<Screens>(NONE);

export function ScreensProvider({ screens, children }: { screens: Screens; children: ReactNode }) {
  return <ScreensContext.Provider value={screens}>{children}</ScreensContext.Provider>;
}

export const useScreens = () => useContext(ScreensContext);

/**
 * Toasts, messages and confirmation dialogs, as antd's App gives them (`useFeedback()`), with their
 * code loaded after the first paint: antd's App brings its notification, message and confirm dialog
 * (rc-notification and rc-dialog with them) to every page's first load, though none shows before
 * someone acts. Here their holders load once the browser is idle, or at the first call if that is
 * sooner; a call made before they are in waits for them and runs in order. The calls return nothing
 * (no caller of ours keeps a toast's or a dialog's handle).
 */
import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { theme } from "antd";
import type { MessageInstance } from "antd/es/message/interface";
import type { NotificationInstance } from "antd/es/notification/interface";
import type { HookAPI as ModalInstance } from "antd/es/modal/useModal";

export type FeedbackApis = { message: MessageInstance; notification: NotificationInstance; modal: ModalInstance };
type Later<T> = { [K in keyof T]: T[K] extends (...args: infer A) => unknown ? (...args: A) => void : never };
export type Feedback = { [K in keyof FeedbackApis]: Later<FeedbackApis[K]> };

const Holders = lazy(() => import("./feedback-holders.tsx"));
const FeedbackContext = createContext<Feedback | null>(null);

/** A stand-in for one of antd's instances: each method runs on the real one once it is in. */
function later<K extends keyof FeedbackApis>(kind: K, run: (call: (apis: FeedbackApis) => void) => void): Feedback[K] {
  return new Proxy({} as Feedback[K], {
    // Only method names: a symbol or `then` (asked when something checks for a promise) is not one.
    get: (_, method) =>
      typeof method !== "string" || method === "then"
        ? undefined
        : (...args: unknown[]) => run((apis) => (apis[kind] as unknown as Record<string, (...a: unknown[]) => unknown>)[method](...args)),
  });
}

export function FeedbackProvider({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  const [wanted, setWanted] = useState(false);
  const apis = useRef<FeedbackApis | null>(null);
  const waiting = useRef<((apis: FeedbackApis) => void)[]>([]);
  const feedback = useMemo<Feedback>(() => {
    const run = (call: (apis: FeedbackApis) => void) => {
      if (apis.current) return call(apis.current);
      waiting.current.push(call);
      setWanted(true);
    };
    return { message: later("message", run), notification: later("notification", run), modal: later("modal", run) };
  }, []);
  const ready = useCallback((loaded: FeedbackApis) => {
    apis.current = loaded;
    for (const call of waiting.current.splice(0)) call(loaded);
  }, []);
  useEffect(() => {
    if (typeof requestIdleCallback !== "function") return setWanted(true);
    const id = requestIdleCallback(() => setWanted(true), { timeout: 5000 });
    return () => cancelIdleCallback(id);
  }, []);
  return (
    <FeedbackContext.Provider value={feedback}>
      {/* The text defaults antd's App gives what it wraps. */}
      <div style={{ color: token.colorText, fontSize: token.fontSize, lineHeight: token.lineHeight, fontFamily: token.fontFamily }}>
        {children}
        {wanted && (
          <Suspense fallback={null}>
            <Holders onReady={ready} />
          </Suspense>
        )}
      </div>
    </FeedbackContext.Provider>
  );
}

/** `{ message, notification, modal }`, as `useFeedback()` gives them. */
export function useFeedback(): Feedback {
  const feedback = useContext(FeedbackContext);
  if (!feedback) throw new Error("useFeedback is used outside FeedbackProvider");
  return feedback;
}

/** A tiny top-right toast (SPEC §8), so the page needs no UI library for two messages. */
import { useEffect, useState } from "react";

type Toast = { id: number; kind: "success" | "error"; text: string };
let nextId = 1;
const listeners = new Set<(t: Toast) => void>();

export const toast = {
  success: (text: string) => {
    for (const l of listeners) l({ id: nextId++, kind: "success", text });
  },
  error: (text: string) => {
    for (const l of listeners) l({ id: nextId++, kind: "error", text });
  },
};

export function Toaster() {
  const [items, setItems] = useState<Toast[]>([]);
  useEffect(() => {
    const add = (t: Toast) => {
      setItems((all) => [...all, t]);
      setTimeout(() => setItems((all) => all.filter((x) => x.id !== t.id)), t.kind === "error" ? 5000 : 3000);
    };
    listeners.add(add);
    return () => void listeners.delete(add);
  }, []);
  return (
    <div className="toasts" aria-live="polite">
      {items.map((t) => (
        <div key={t.id} className={`toast toast-${t.kind}`} role={t.kind === "error" ? "alert" : "status"}>
          {t.text}
        </div>
      ))}
    </div>
  );
}

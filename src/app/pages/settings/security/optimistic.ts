/**
 * SPEC §8 "Toggle errors revert the switch": a switch shows its new value at once, the server's
 * message is toasted, and a failure puts the old value back.
 */
import type { useToast } from "../../../hooks/use-toast.ts";

type Toast = ReturnType<typeof useToast>;

export async function toggleOptimistically<T>(opts: {
  show: (value: T) => void;
  next: T;
  previous: T;
  call: () => Promise<{ message: string }>;
  toast: Toast;
}): Promise<boolean> {
  opts.show(opts.next);
  try {
    const res = await opts.call();
    opts.toast.success(res.message);
    return true;
  } catch (e) {
    opts.show(opts.previous);
    opts.toast.error(e);
    return false;
  }
}

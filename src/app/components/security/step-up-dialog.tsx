/**
 * "Confirm it's you" (issue 25, resources/step-up.ts): when the server answers that an action needs a
 * fresh step-up, the API client waits here; the person enters their password (or, with two-factor
 * sign-in, a code we email them), and the action is sent again. Cancelling leaves it undone.
 * Mounted once in the signed-in frame.
 */
import { useEffect, useRef, useState } from "react";
import { setStepUpPrompt } from "../../api/client.ts";
import { dialogOnDemand } from "../../lib/lazy.ts";

// The dialog and its forms are not part of a page's first download: they load when a step-up is
// first asked for (fetched once the browser is idle, so it rarely waits).
const StepUpModal = dialogOnDemand(() => import("./step-up-modal.tsx"), "StepUpModal");

type Pending = { hint: string; resolve: () => void; reject: () => void };

export function StepUpDialog() {
  const [pending, setPending] = useState<Pending | null>(null);
  const pendingRef = useRef<Pending | null>(null);
  pendingRef.current = pending;

  useEffect(
    () =>
      setStepUpPrompt(
        (hint) =>
          new Promise<void>((resolve, reject) => {
            // A second action waiting at the same time is confirmed by the same answer.
            const open = pendingRef.current;
            if (open) {
              setPending({ hint, resolve: () => (open.resolve(), resolve()), reject: () => (open.reject(), reject()) });
              return;
            }
            setPending({ hint, resolve, reject });
          }),
      ),
    [],
  );

  const close = (confirmed: boolean) => {
    if (confirmed) pending?.resolve();
    else pending?.reject();
    setPending(null);
  };

  return <StepUpModal open={!!pending} hint={pending?.hint} onClose={close} />;
}

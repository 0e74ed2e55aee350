/**
 * "Confirm it's you" (issue 25, resources/step-up.ts): when the server answers that an action needs a
 * fresh step-up, the API client waits here; the person enters their password (or, with two-factor
 * sign-in, a code we email them), and the action is sent again. Cancelling leaves it undone.
 * Mounted once in the signed-in frame.
 */
import { Suspense, useEffect, useRef, useState } from "react";
import { Modal, Skeleton, Typography } from "antd";
import { useTranslate } from "@refinedev/core";
import { STEP_UP_MINUTES } from "../../../../resources/step-up.ts";
import { setStepUpPrompt } from "../../api/client.ts";
import { useSession } from "../../session/session.tsx";
import { lazyNamed, prefetchWhenIdle } from "../../lib/lazy.ts";

// The forms are not part of a page's first download (./step-up-forms.tsx says why), fetched when idle.
const loadForms = () => import("./step-up-forms.tsx");
const PasswordForm = lazyNamed(loadForms, "PasswordForm");
const CodeForm = lazyNamed(loadForms, "CodeForm");

type Pending = { hint: string; resolve: () => void; reject: () => void };

export function StepUpDialog() {
  const { session } = useSession();
  const t = useTranslate();
  const [pending, setPending] = useState<Pending | null>(null);
  const pendingRef = useRef<Pending | null>(null);
  pendingRef.current = pending;

  useEffect(() => prefetchWhenIdle(loadForms), []);
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

  return (
    <Modal title={t("security.stepUp.title")} open={!!pending} onCancel={() => close(false)} footer={null} destroyOnHidden>
      {pending && (
        <>
          {/* The hint is the server's own wording. */}
          <Typography.Paragraph>{t("security.stepUp.why", { hint: pending.hint, minutes: STEP_UP_MINUTES })}</Typography.Paragraph>
          <Suspense fallback={<Skeleton active paragraph={{ rows: 2 }} />}>
            {session?.user.two_factor_enabled ? (
              <CodeForm email={session.user.email} onDone={() => close(true)} onCancel={() => close(false)} />
            ) : (
              <PasswordForm onDone={() => close(true)} onCancel={() => close(false)} />
            )}
          </Suspense>
        </>
      )}
    </Modal>
  );
}

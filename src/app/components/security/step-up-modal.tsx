/**
 * The "Confirm it's you" dialog itself (./step-up-dialog.tsx keeps the prompt and loads this when a
 * step-up is first asked for): why, then the password or emailed-code form.
 */
import { Suspense } from "react";
import { Modal, Skeleton, Typography } from "antd";
import { useTranslate } from "@refinedev/core";
import { STEP_UP_MINUTES } from "../../../../resources/step-up.ts";
import { useSession } from "../../session/session.tsx";
import { lazyNamed, prefetchWhenIdle } from "../../lib/lazy.ts";

// The forms are not part of a page's first download (./step-up-forms.tsx says why); this module is
// itself fetched when the browser is idle, and fetches them next, so a step-up rarely waits.
const loadForms = () => import("./step-up-forms.tsx");
prefetchWhenIdle(loadForms);
const PasswordForm = lazyNamed(loadForms, "PasswordForm");
const CodeForm = lazyNamed(loadForms, "CodeForm");

export function StepUpModal({ open, hint, onClose }: { open: boolean; hint?: string; onClose: (confirmed: boolean) => void }) {
  const { session } = useSession();
  const t = useTranslate();
  return (
    <Modal title={t("security.stepUp.title")} open={open} onCancel={() => onClose(false)} footer={null} destroyOnHidden>
      {open && hint !== undefined && (
        <>
          {/* The hint is the server's own wording. */}
          <Typography.Paragraph>{t("security.stepUp.why", { hint, minutes: STEP_UP_MINUTES })}</Typography.Paragraph>
          <Suspense fallback={<Skeleton active paragraph={{ rows: 2 }} />}>
            {session?.user.two_factor_enabled ? (
              <CodeForm email={session.user.email} onDone={() => onClose(true)} onCancel={() => onClose(false)} />
            ) : (
              <PasswordForm onDone={() => onClose(true)} onCancel={() => onClose(false)} />
            )}
          </Suspense>
        </>
      )}
    </Modal>
  );
}

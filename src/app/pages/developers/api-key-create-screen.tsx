/**
 * 'Generate API key' (the apiKeys declaration's createComponent "api-key-create", pages/screens.ts):
 * the form, then the one showing of the new key. Apart from the tab, which opens without it.
 */
import { useState } from "react";
import { ApiKeyCreateModal, type CreatedKey } from "./api-key-create-modal.tsx";
import { ApiKeyDisplayModal } from "./api-key-modals.tsx";

/** 'Generate API key' (createComponent "api-key-create"): the form, then the one showing of the new key. */
export function ApiKeyCreateScreen({ open, onClose }: { open: boolean; onClose: () => void }) {
  // The key itself lives only here, between its creation and the display modal's closing.
  const [created, setCreated] = useState<CreatedKey | null>(null);
  return (
    <>
      <ApiKeyCreateModal
        open={open}
        onClose={onClose}
        onCreated={(key) => {
          onClose();
          setCreated(key);
        }}
      />
      <ApiKeyDisplayModal apiKey={created} onClose={() => setCreated(null)} />
    </>
  );
}

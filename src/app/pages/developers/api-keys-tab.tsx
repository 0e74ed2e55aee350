/**
 * The Api Keys tab (SPEC §3 API key, §4 states, §7 GET/POST api-keys, §8, §9 page size 10): the
 * generic list of the apiKeys declaration (resources/developers.ts): the keys with their masked value
 * only, a row opening the details, 'Disable' (confirmed; a key is never re-enabled), and 'Generate API
 * key' leading to the one showing of the key, this file's bespoke create screen.
 */
import { useState } from "react";
import { apiKeys } from "../../../../resources/developers.ts";
import { ResourceList } from "../../components/resource/resource-list.tsx";
import { ApiKeyCreateModal, type CreatedKey } from "./api-key-create-modal.tsx";
import { ApiKeyDisplayModal } from "./api-key-modals.tsx";

export function ApiKeysTab() {
  // The page's URL names its tab: the list keeps its page to itself.
  return <ResourceList def={apiKeys} embedded intro inUrl={false} />;
}

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

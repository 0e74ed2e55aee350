/**
 * The Api Keys tab (SPEC §3 API key, §4 states, §7 GET/POST api-keys, §8, §9 page size 10): the
 * generic list of the apiKeys declaration (resources/developers.ts): the keys with their masked value
 * only, a row opening the details, 'Disable' (confirmed; a key is never re-enabled), and 'Generate API
 * key' leading to the one showing of the key (api-key-create-screen.tsx).
 */
import { apiKeys } from "../../../../resources/developers.ts";
import { ResourceList } from "../../components/resource/resource-list.tsx";

export function ApiKeysTab() {
  // The page's URL names its tab: the list keeps its page to itself.
  return <ResourceList def={apiKeys} embedded intro inUrl={false} />;
}

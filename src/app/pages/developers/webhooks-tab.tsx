/**
 * The Webhooks tab (SPEC §3 Webhook, §4 states, §7 iris/v1/client-webhooks, §8, §9 page size 10): the
 * generic list of the webhooks declaration (resources/developers.ts): the endpoints with their events
 * and state, a row opening the details and recent deliveries, 'Add webhook', 'Edit', and 'Disable'
 * (confirmed) or 'Enable'. The update modal is its edit screen, adapted here.
 */
import type { Webhook } from "../../../../resources/developers.ts";
import { webhooks } from "../../../../resources/developers.ts";
import { ResourceList } from "../../components/resource/resource-list.tsx";
import type { EditScreenProps } from "../../components/resource/screens.tsx";
import { WebhookUpdateModal } from "./webhook-form-modals.tsx";

export function WebhooksTab() {
  // The page's URL names its tab: the list keeps its page to itself.
  return <ResourceList def={webhooks} embedded intro inUrl={false} />;
}

/** 'Edit' (editComponent "webhook-edit"), from a row or from the details. */
export function WebhookEditScreen({ open, record, onClose }: EditScreenProps) {
  return <WebhookUpdateModal webhook={open ? (record as unknown as Webhook) : null} onClose={onClose} />;
}

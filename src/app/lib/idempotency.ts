/**
 * One Idempotency-Key per intended money write: made when the person reaches the confirm step and
 * kept across retries of that same confirmation (a network blip, a double click), so the server
 * pays once; a changed payment gets a new key.
 */
export const newIdempotencyKey = () => `ui-${crypto.randomUUID()}`;
export const idempotencyHeader = (key: string) => ({ "idempotency-key": key });

/**
 * One GET for a settings card: the answer's data, whether it failed (with the error, for cards that
 * show the server's message), and a reload for the Retry button. The data can be set locally too, so
 * optimistic switches show their new value before the server answers.
 */
import { useCallback, useEffect, useState } from "react";
import type { Endpoint, ReceivedOf } from "../../../resources/define-endpoint.ts";
import { call, urlOf, type CallInput } from "../api/call.ts";

export function useFetched<E extends Endpoint>(endpoint: E, input: CallInput<E> = {}, version = 0) {
  const [data, setData] = useState<ReceivedOf<E> | null>(null);
  const [error, setError] = useState<unknown>(null);
  // The address asked for (path parameters and query filled in) is the read's identity.
  const url = urlOf(endpoint, input);
  const reload = useCallback(() => {
    setError(null);
    call(endpoint, input)
      .then((r) => setData(r.data))
      .catch((e) => setError(e ?? new Error("Request failed")));
  }, [url]);
  useEffect(reload, [reload, version]);
  return { data, setData, error, failed: error !== null, reload };
}

/**
 * One GET for a settings card: the answer's data, whether it failed (with the error, for cards that
 * show the server's message), and a reload for the Retry button. The data can be set locally too, so
 * optimistic switches show their new value before the server answers.
 */
import { useCallback, useEffect, useState } from "react";
import { api } from "../api/client.ts";

export function useFetched<T>(path: string, version = 0) {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<unknown>(null);
  const reload = useCallback(() => {
    setError(null);
    api<T>("GET", path)
      .then((r) => setData(r.data))
      .catch((e) => setError(e ?? new Error("Request failed")));
  }, [path]);
  useEffect(reload, [reload, version]);
  return { data, setData, error, failed: error !== null, reload };
}

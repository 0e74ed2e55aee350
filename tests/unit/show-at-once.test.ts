/**
 * A column unticked in the chooser stays unticked (use-list-choices.ts): the change is shown at once
 * even while a read of the member's columns is still on its way with the older answer (the first
 * load, or a refresh a live event started), which would otherwise land after it and undo it.
 */
import { expect, test } from "vitest";
import { QueryClient } from "@tanstack/react-query";
import { showAtOnce } from "../../src/app/components/resource/use-list-choices.ts";

const key = ["list-preferences", "transactions"];

test("a read in flight with the older columns does not undo the change shown at once", async () => {
  const client = new QueryClient();
  let answer: (columns: string[]) => void = () => undefined;
  const read = client.fetchQuery({ queryKey: key, queryFn: () => new Promise<string[]>((resolve) => (answer = resolve)) }).catch(() => "cancelled");
  await showAtOnce(client, key, ["date", "amount"]);
  answer(["date", "amount", "account"]);
  await read;
  expect(client.getQueryData(key)).toEqual(["date", "amount"]);
});

test("with no read in flight the change is simply shown", async () => {
  const client = new QueryClient();
  client.setQueryData(key, ["date", "amount", "account"]);
  await showAtOnce(client, key, ["amount"]);
  expect(client.getQueryData(key)).toEqual(["amount"]);
});

/** The typed client: a call goes where its endpoint's declaration says, with what the declaration types. */
import { afterEach, describe, expect, test, vi } from "vitest";
import { call, queryString, readEarly } from "../../src/app/api/call.ts";
import { forgetEarly } from "../../src/app/api/early-reads.ts";
import { beneficiaryEndpoints } from "../../resources/beneficiaries.ts";
import { pathWith } from "../../resources/define-endpoint.ts";
import { answerFetch } from "../helpers/answer-fetch.ts";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  forgetEarly();
});

describe("pathWith", () => {
  test("fills each path parameter, encoded, so an id cannot reach another path", () => {
    expect(pathWith("/v1/beneficiaries/:id/crypto", { id: "b1" })).toBe("/v1/beneficiaries/b1/crypto");
    expect(pathWith("/v1/beneficiaries/:id", { id: "../accounts/x?y=1" })).toBe("/v1/beneficiaries/..%2Faccounts%2Fx%3Fy%3D1");
  });
  test("a missing parameter is refused before any request", () => {
    expect(() => pathWith("/v1/beneficiaries/:id", {})).toThrow(/no value for :id/);
    expect(() => pathWith("/v1/beneficiaries/:id", { id: "" })).toThrow(/no value for :id/);
  });
});

describe("queryString", () => {
  test("empty values are left out; a list repeats its parameter", () => {
    expect(queryString({ page: 2, limit: 10, keyword: "", type: undefined, "state[]": ["PENDING", "APPROVED"] })).toBe(
      "?page=2&limit=10&state%5B%5D=PENDING&state%5B%5D=APPROVED",
    );
    expect(queryString({})).toBe("");
  });
});

describe("call", () => {
  test("a read goes to the declared method and path, with its query, and answers the envelope", async () => {
    const fetch = answerFetch(200, { message: "Beneficiaries", data: { items: [], total_items: 0, page: 1, limit: 5 } });
    const res = await call(beneficiaryEndpoints.list, { query: { page: 1, limit: 5, keyword: "harbor" } });
    expect(fetch.mock.calls[0]![0]).toBe("/api/v1/beneficiaries?page=1&limit=5&keyword=harbor");
    expect(fetch.mock.calls[0]![1]!.method).toBe("GET");
    expect(res.data.total_items).toBe(0);
  });

  test("a write sends its body as JSON to the declared path, and a refusal carries the server's message", async () => {
    const fetch = answerFetch(404, { message: "Beneficiary not found", errors: [] });
    const update = call(beneficiaryEndpoints.updateCrypto, { params: { id: "b 1" }, body: { name: "Ada", address: "T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb" } });
    await expect(update).rejects.toMatchObject({ statusCode: 404, message: "Beneficiary not found" });
    expect(fetch.mock.calls[0]![0]).toBe("/api/v1/beneficiaries/b%201/crypto");
    const init = fetch.mock.calls[0]![1]!;
    expect(init.method).toBe("PUT");
    expect(JSON.parse(String(init.body))).toEqual({ name: "Ada", address: "T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb" });
  });
});

describe("readEarly", () => {
  const list = { query: { page: 1, limit: 5 } };
  const answer = { message: "Beneficiaries", data: { items: [], total_items: 3, page: 1, limit: 5 } };

  test("the page's first identical call takes the answer sent at boot; the next one asks again", async () => {
    const fetch = answerFetch(200, answer);
    await readEarly(beneficiaryEndpoints.list, list);
    expect((await call(beneficiaryEndpoints.list, list)).data.total_items).toBe(3);
    expect(fetch).toHaveBeenCalledTimes(1);
    await call(beneficiaryEndpoints.list, list);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  test("a call to another address (another page of the list) is not given it", async () => {
    const fetch = answerFetch(200, answer);
    await readEarly(beneficiaryEndpoints.list, list);
    await call(beneficiaryEndpoints.list, { query: { page: 2, limit: 5 } });
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(fetch.mock.calls[1]![0]).toBe("/api/v1/beneficiaries?page=2&limit=5");
  });

  test("once the session changes (forgetEarly) or ten seconds have passed, the call asks for itself", async () => {
    const fetch = answerFetch(200, answer);
    await readEarly(beneficiaryEndpoints.list, list);
    forgetEarly();
    await call(beneficiaryEndpoints.list, list);
    expect(fetch).toHaveBeenCalledTimes(2);

    vi.useFakeTimers({ toFake: ["Date"] });
    await readEarly(beneficiaryEndpoints.list, list);
    vi.setSystemTime(Date.now() + 10_001);
    await call(beneficiaryEndpoints.list, list);
    expect(fetch).toHaveBeenCalledTimes(4);
  });

  test("a refused early read is refused to its taker, as it would have been to the page", async () => {
    const fetch = answerFetch(403, { message: "Forbidden", errors: [] });
    await expect(readEarly(beneficiaryEndpoints.list, list)).rejects.toMatchObject({ statusCode: 403 });
    await expect(call(beneficiaryEndpoints.list, list)).rejects.toMatchObject({ statusCode: 403, message: "Forbidden" });
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

/** The typed client: a call goes where its endpoint's declaration says, with what the declaration types. */
import { afterEach, describe, expect, test, vi } from "vitest";
import { call, queryString } from "../../src/app/api/call.ts";
import { beneficiaryEndpoints } from "../../resources/beneficiaries.ts";
import { pathWith } from "../../resources/define-endpoint.ts";
import { answerFetch } from "../helpers/answer-fetch.ts";

afterEach(() => vi.unstubAllGlobals());

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

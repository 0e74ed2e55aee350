/** The data provider's mapping of Refine calls to the API's conventions, and of failures to HttpErrors. */
import { afterEach, describe, expect, test, vi } from "vitest";
import { dataProvider, listQuery } from "../../src/app/providers/data-provider.ts";
import { demoResource } from "../helpers/demo-resource.ts";
import { beneficiaries, cryptoBeneficiaries } from "../../resources/beneficiaries.ts";
import { answerFetch } from "../helpers/answer-fetch.ts";

const demo = demoResource({
  columns: [],
  filters: [
    { field: "keyword", kind: "search", param: "keyword", placeholder: "Search" },
    { field: "type", kind: "select", param: "type", label: "Type", options: [] },
    { field: "states", kind: "multi", param: "states", label: "State", options: [] },
    { field: "created", kind: "dateRange", params: ["created_date_from", "created_date_to"], label: "Created" },
  ],
});

const eq = (field: string, value: unknown) => ({ field, operator: "eq" as const, value });

describe("listQuery", () => {
  test("page and limit, defaulting to the resource's page size", () => {
    expect(listQuery(demo, { currentPage: 3, pageSize: 25 }, [])).toBe("page=3&limit=25");
    expect(listQuery(demo, undefined, undefined)).toBe("page=1&limit=10");
  });

  test("each filter kind under its declared parameter name", () => {
    const q = new URLSearchParams(
      listQuery(demo, { currentPage: 1, pageSize: 10 }, [
        eq("keyword", "  acme "),
        eq("type", "TRANSFER"),
        eq("states", ["PENDING", "COMPLETED"]),
        eq("created", ["2026-01-01", "2026-01-31"]),
      ]),
    );
    expect(q.get("keyword")).toBe("acme");
    expect(q.get("type")).toBe("TRANSFER");
    expect(q.getAll("states[]")).toEqual(["PENDING", "COMPLETED"]);
    expect(q.get("created_date_from")).toBe("2026-01-01");
    expect(q.get("created_date_to")).toBe("2026-01-31");
  });

  test("empty values and undeclared fields are left out", () => {
    expect(listQuery(demo, { currentPage: 1, pageSize: 10 }, [eq("keyword", "   "), eq("type", undefined), eq("states", []), eq("hack", "x")])).toBe(
      "page=1&limit=10",
    );
  });

  test("a resource's fixed parameters always go along", () => {
    const q = new URLSearchParams(listQuery(cryptoBeneficiaries, { currentPage: 1, pageSize: 10 }, [eq("keyword", "atlas")]));
    expect(q.get("type")).toBe("CRYPTO");
    expect(q.get("keyword")).toBe("atlas");
    expect(new URLSearchParams(listQuery(beneficiaries, undefined, [eq("type", "FIAT")])).get("type")).toBe("FIAT");
  });
});

describe("requests and errors", () => {
  afterEach(() => vi.unstubAllGlobals());

  test("getList reads items and total_items from the envelope", async () => {
    const fetch = answerFetch(200, { message: "ok", data: { items: [{ id: "a" }], total_items: 41, page: 2, limit: 10 } });
    const res = await dataProvider.getList({ resource: "beneficiaries", pagination: { currentPage: 2, pageSize: 10 }, filters: [eq("keyword", "x")] });
    expect(res).toEqual({ data: [{ id: "a" }], total: 41 });
    expect(fetch.mock.calls[0][0]).toBe("/api/v1/beneficiaries?page=2&limit=10&keyword=x");
  });

  test("update uses the declared method and path; delete the declared action", async () => {
    const fetch = answerFetch(200, { message: "Beneficiary details updated", data: { id: "b1" } });
    await dataProvider.update({ resource: "crypto-beneficiaries", id: "b1", variables: { name: "N" } });
    expect(fetch.mock.calls[0][0]).toBe("/api/v1/beneficiaries/b1/crypto");
    expect((fetch.mock.calls[0][1] as RequestInit).method).toBe("PUT");
    await dataProvider.deleteOne({ resource: "beneficiaries", id: "b1" });
    expect(fetch.mock.calls[1][0]).toBe("/api/v1/beneficiaries/b1/delete");
    expect((fetch.mock.calls[1][1] as RequestInit).method).toBe("DELETE");
  });

  test("a 4xx becomes an HttpError with the server's message, status and field errors", async () => {
    answerFetch(400, { message: "Enter a valid IBAN", errors: [{ path: "details.details.iban", message: "Enter a valid IBAN" }] });
    await expect(dataProvider.create({ resource: "beneficiaries", variables: {} })).rejects.toMatchObject({
      message: "Enter a valid IBAN",
      statusCode: 400,
      errors: [{ path: "details.details.iban", message: "Enter a valid IBAN" }],
    });
  });

  test("a failure without a JSON body still has a message", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("<html>bad gateway</html>", { status: 502 })),
    );
    await expect(dataProvider.getOne({ resource: "beneficiaries", id: "x" })).rejects.toMatchObject({ statusCode: 502, message: "Request failed (502)" });
  });
});

describe("keyset paging", () => {
  afterEach(() => vi.unstubAllGlobals());

  test("the page after one that returned next_cursor is asked for by that cursor; other pages by number", async () => {
    const fetch = vi.fn(
      async (_url: string) =>
        new Response(JSON.stringify({ message: "ok", data: { items: [{ id: "x" }], total_items: 100, next_cursor: "CUR2" } }), { status: 200 }),
    );
    vi.stubGlobal("fetch", fetch);
    const list = (page: number) =>
      dataProvider.getList({ resource: "transactions", pagination: { currentPage: page, pageSize: 10 }, filters: [eq("keyword", "acme")] });
    await list(1);
    await list(2);
    await list(7);
    expect(fetch.mock.calls[0][0]).not.toContain("cursor=");
    expect(fetch.mock.calls[1][0]).toContain("page=2");
    expect(fetch.mock.calls[1][0]).toContain("cursor=CUR2");
    expect(fetch.mock.calls[2][0]).not.toContain("cursor=");
    // Other filters are another list: their page 2 has no cursor yet.
    await dataProvider.getList({ resource: "transactions", pagination: { currentPage: 2, pageSize: 10 }, filters: [eq("keyword", "other")] });
    expect(fetch.mock.calls[3][0]).not.toContain("cursor=");
  });
});

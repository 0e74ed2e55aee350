/**
 * Refine's data provider: @refinedev/simple-rest's, pointed at /api, with the API's conventions
 * (page/limit, {message, data:{items,total_items}} envelope, server error messages).
 */
import type { DataProvider } from "@refinedev/core";
import simpleRest from "@refinedev/simple-rest";
import { api } from "../api/client.ts";

const base = simpleRest("/api");

export const dataProvider: DataProvider = {
  ...base,
  getApiUrl: () => "/api",
  getList: async ({ resource, pagination }) => {
    const page = pagination?.currentPage ?? 1;
    const limit = pagination?.pageSize ?? 10;
    const res = await api<{ items: never[]; total_items: number }>("GET", `${resource}?page=${page}&limit=${limit}`);
    return { data: res.data.items, total: res.data.total_items };
  },
  getOne: async ({ resource, id }) => ({ data: (await api<never>("GET", `${resource}/${id}`)).data }),
  create: async ({ resource, variables }) => ({ data: (await api<never>("POST", resource, variables)).data }),
  update: async ({ resource, id, variables }) => ({ data: (await api<never>("PATCH", `${resource}/${id}`, variables)).data }),
  deleteOne: async ({ resource, id }) => ({ data: (await api<never>("DELETE", `${resource}/${id}`)).data }),
};

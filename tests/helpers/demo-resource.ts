/** A minimal resource at /demo for the console's unit tests; each test gives the parts it is about (columns, filters, fixed params). */
import { z } from "zod";
import { defineResource, type ResourceDef } from "../../resources/define-resource.ts";
import { endpoint } from "../../resources/define-endpoint.ts";

export const demoResource = (parts: Partial<ResourceDef>) =>
  defineResource({
    name: "demo",
    label: "Demo",
    title: "Demo",
    subtitle: "",
    routes: { list: "/demo" },
    api: {
      list: endpoint({
        method: "GET",
        path: "/demo",
        summary: "List demo",
        tag: "demo",
        access: { obj: "demo", act: "list" },
        answer: { page: z.object({ id: z.string() }) },
      }),
    },
    schema: z.object({ id: z.string() }),
    access: { obj: "demo" },
    columns: [],
    filters: [],
    pageSize: 10,
    empty: { title: "", body: "" },
    emptyFiltered: { title: "", body: "" },
    errorMessage: "Error fetching demo",
    recordTitle: () => "",
    ...parts,
  });

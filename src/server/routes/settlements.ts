/** SPEC §7 FX settlements: list, one, its payments, its adjustment lines, and its report (CSV download). */
import { z } from "zod";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Services } from "../services/index.ts";
import { isCalendarDay } from "../../lib/dates.ts";
import { PageQuery } from "../db/paging.ts";
import { DAY_RANGE_MESSAGE, inDayRange, listOf, normaliseArrayKeys } from "./list-query.ts";
import { attachment, ok } from "./respond.ts";

const tags = ["settlements"];
const Id = z.object({ id: z.string() });
const rule = (act: string) => ({ access: { obj: "settlements", act } });
const Day = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .refine(isCalendarDay, { message: `${label} must be a date (YYYY-MM-DD)`, abort: true })
    .refine(inDayRange, `${label} ${DAY_RANGE_MESSAGE}`);
const startOf = (d: string) => new Date(`${d}T00:00:00Z`);
const endOf = (d: string) => new Date(startOf(d).getTime() + 86_400_000);
const ordered = <T extends { from?: string; to?: string }>(s: z.ZodType<T>) =>
  s.refine((v) => !v.from || !v.to || v.from <= v.to, { path: ["from"], message: "Date from cannot be greater than date to" });

const ListQuery = ordered(
  PageQuery.extend({
    keyword: z.string().trim().max(100).optional(),
    state: z.enum(["OPEN", "SETTLED"], { error: "state must be OPEN or SETTLED" }).optional(),
    from: Day("Date from").optional(),
    to: Day("Date to").optional(),
  }),
);
const PaymentsQuery = PageQuery.extend({
  keyword: z.string().trim().max(100).optional(),
  states: listOf(z.enum(["PENDING", "PENDING_APPROVAL", "PROCESSING", "COMPLETED"], { error: "Unknown state" })).optional(),
  created_date_from: Day("Date from").optional(),
  created_date_to: Day("Date to").optional(),
})
  .refine((q) => !q.created_date_from || !q.created_date_to || q.created_date_from <= q.created_date_to, {
    path: ["created_date_from"],
    message: "Date from cannot be greater than date to",
  })
  .transform((q) => ({ ...q, from: q.created_date_from, to: q.created_date_to }));
const ReportQuery = ordered(z.object({ from: Day("From"), to: Day("To"), customer_id: z.string().uuid("Unknown customer").optional() }));

export const settlementRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const s = services.settlements;

  app.get("/settlements", { config: rule("list"), schema: { tags, summary: "List FX settlements", querystring: ListQuery } }, async (req) => {
    const q = req.query;
    return ok("Settlements", await s.list(req.auth!.businessId, { ...q, from: q.from ? startOf(q.from) : undefined, to: q.to ? endOf(q.to) : undefined }));
  });

  app.get("/settlements/:id", { config: rule("show"), schema: { tags, summary: "Get an FX settlement", params: Id } }, async (req) =>
    ok("Settlement", await s.get(req.auth!.businessId, req.params.id)),
  );

  app.get(
    "/settlements/:id/payments",
    {
      config: rule("show"),
      preValidation: normaliseArrayKeys,
      schema: { tags, summary: "List an FX settlement's payments", params: Id, querystring: PaymentsQuery },
    },
    async (req) => {
      const q = req.query;
      return ok(
        "Settlement payments",
        await s.payments(req.auth!.businessId, req.params.id, { ...q, from: q.from ? startOf(q.from) : undefined, to: q.to ? endOf(q.to) : undefined }),
      );
    },
  );

  // The adjustment lines of a settlement (issue 26): changes to payments of settled periods, landed here.
  app.get(
    "/settlements/:id/adjustments",
    { config: rule("show"), schema: { tags, summary: "List an FX settlement's adjustments", params: Id, querystring: PageQuery } },
    async (req) => ok("Settlement adjustments", await s.adjustments(req.auth!.businessId, req.params.id, req.query)),
  );

  app.get(
    "/settlements/:id/report",
    { config: rule("show"), schema: { tags, summary: "Download an FX settlement report", params: Id, querystring: ReportQuery } },
    async (req, reply) => {
      const q = req.query;
      const r = await s.report(req.auth!.businessId, req.params.id, { from: startOf(q.from), to: endOf(q.to), customerId: q.customer_id });
      return reply.type("text/csv; charset=utf-8").header("content-disposition", attachment(r.fileName)).send(r.csv);
    },
  );
};

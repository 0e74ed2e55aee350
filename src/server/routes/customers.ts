/** SPEC §7 Customers: /v2/customers and its partial updates; GET stats for the tiles. */
import { z } from "zod";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  BillingInformation,
  BusinessUpdate,
  CountryData,
  CUSTOMER_STATES,
  CUSTOMER_TYPES,
  CustomerInput,
  IndividualUpdate,
} from "../../../resources/customers.ts";
import type { Services } from "../services/index.ts";
import { PageQuery } from "../db/paging.ts";
import { ok } from "./respond.ts";

const tags = ["customers"];
const Id = z.object({ id: z.string() });
const rule = (act: string) => ({ access: { obj: "customers", act } });
const ListQuery = PageQuery.extend({
  keyword: z.string().trim().max(100).optional(),
  state: z.enum(CUSTOMER_STATES, { error: "state must be ACTIVE or INACTIVE" }).optional(),
  type: z.enum(CUSTOMER_TYPES, { error: "type must be INDIVIDUAL or BUSINESS" }).optional(),
});

export const customerRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const c = services.customers;
  const biz = (req: { auth: { businessId: string } | null }) => req.auth!.businessId;

  app.post("/v2/customers", { config: rule("create"), schema: { tags, summary: "Create a customer", body: CustomerInput } }, async (req, reply) =>
    reply.code(201).send(ok("Customer created successfully", await c.create(biz(req), req.body))),
  );
  app.get("/v2/customers", { config: rule("list"), schema: { tags, summary: "List customers", querystring: ListQuery } }, async (req) =>
    ok("Customers", await c.list(biz(req), req.query)),
  );
  app.get("/v2/customers/stats", { config: rule("list"), schema: { tags, summary: "Get customer stats" } }, async (req) =>
    ok("Customer stats", await c.stats(biz(req))),
  );
  app.get("/v2/customers/:id", { config: rule("show"), schema: { tags, summary: "Get a customer", params: Id } }, async (req) =>
    ok("Customer", await c.get(biz(req), req.params.id)),
  );
  app.delete("/v2/customers/:id", { config: rule("delete"), schema: { tags, summary: "Delete a customer", params: Id } }, async (req) => {
    await c.remove(biz(req), req.params.id);
    return ok("Customer deleted successfully");
  });
  // Re-enabling needs a fresh step-up (plugins/step-up.ts).
  app.patch(
    "/v2/customers/:id/activate",
    { config: { ...rule("edit"), stepUp: true }, schema: { tags, summary: "Activate a customer", params: Id } },
    async (req) => ok("Customer activated successfully", await c.setState(biz(req), req.params.id, "ACTIVE")),
  );
  app.patch("/v2/customers/:id/deactivate", { config: rule("edit"), schema: { tags, summary: "Deactivate a customer", params: Id } }, async (req) =>
    ok("Customer deactivated successfully", await c.setState(biz(req), req.params.id, "INACTIVE")),
  );
  app.patch(
    "/v2/customers/:id/individual",
    { config: rule("edit"), schema: { tags, summary: "Update an individual customer's details", params: Id, body: IndividualUpdate } },
    async (req) => ok("Customer details updated successfully", await c.updateIndividual(biz(req), req.params.id, req.body)),
  );
  app.patch(
    "/v2/customers/:id/business",
    { config: rule("edit"), schema: { tags, summary: "Update a business customer's details", params: Id, body: BusinessUpdate } },
    async (req) => ok("Customer details updated successfully", await c.updateBusiness(biz(req), req.params.id, req.body)),
  );
  app.patch(
    "/v2/customers/:id/country_data",
    { config: rule("edit"), schema: { tags, summary: "Update a customer's country data", params: Id, body: CountryData } },
    async (req) => ok("Customer details updated successfully", await c.updateCountryData(biz(req), req.params.id, req.body)),
  );
  app.put(
    "/v2/customers/:id/billing_information",
    { config: rule("edit"), schema: { tags, summary: "Update a customer's billing information", params: Id, body: BillingInformation } },
    async (req) => ok("Customer details updated successfully", await c.updateBilling(biz(req), req.params.id, req.body)),
  );
};

/** SPEC §7 Customers (declared in resources/customers.ts): /v2/customers and its partial updates; GET stats for the tiles. */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { customerEndpoints as ep } from "../../../resources/customers.ts";
import type { Services } from "../services/index.ts";
import { serve } from "./endpoint.ts";
import { ok } from "./respond.ts";

export async function customerRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const c = services.customers;
  const biz = (req: FastifyRequest) => req.auth!.businessId;

  serve(app, ep.create, async (req) => ok("Customer created successfully", await c.create(biz(req), req.body)));
  serve(app, ep.list, async (req) => ok("Customers", await c.list(biz(req), req.query)));
  serve(app, ep.stats, async (req) => ok("Customer stats", await c.stats(biz(req))));
  serve(app, ep.show, async (req) => ok("Customer", await c.get(biz(req), req.params.id)));
  serve(app, ep.remove, async (req) => {
    await c.remove(biz(req), req.params.id);
    return ok("Customer deleted successfully");
  });
  serve(app, ep.activate, async (req) => ok("Customer activated successfully", await c.setState(biz(req), req.params.id, "ACTIVE")));
  serve(app, ep.deactivate, async (req) => ok("Customer deactivated successfully", await c.setState(biz(req), req.params.id, "INACTIVE")));
  serve(app, ep.updateIndividual, async (req) => ok("Customer details updated successfully", await c.updateIndividual(biz(req), req.params.id, req.body)));
  serve(app, ep.updateBusiness, async (req) => ok("Customer details updated successfully", await c.updateBusiness(biz(req), req.params.id, req.body)));
  serve(app, ep.updateCountryData, async (req) => ok("Customer details updated successfully", await c.updateCountryData(biz(req), req.params.id, req.body)));
  serve(app, ep.updateBilling, async (req) => ok("Customer details updated successfully", await c.updateBilling(biz(req), req.params.id, req.body)));
}

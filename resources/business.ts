/** SPEC §7 Business: the signed-in business's profile (loaded first by the UI's route guard), its roles, the getting-started checklist. */
import { z } from "zod";
import { endpoint } from "./define-endpoint.ts";
import { Checklist, TrackBody } from "./kyb.ts";
import { Role } from "./users.ts";

/** SPEC §3 address: the invoice settings' billing address, else the verified company address. */
const BusinessAddress = z.object({
  line_1: z.string(),
  city: z.string(),
  state_province: z.string(),
  postal_code: z.string().nullable(),
  country: z.string(),
});

/**
 * SPEC §3 Business profile. Incorporation number, date and website are what the KYB provider verified
 * (none until approved); email and phone are the owner's as they signed up.
 */
export const BusinessProfile = z
  .object({
    id: z.string(),
    name: z.string(),
    business: z.object({ name: z.string(), business_type: z.string(), kyc_status: z.string(), created_date: z.string() }),
    /** verification.url: the verification link while there is something to do at the provider. */
    kyc: z.object({ state: z.string(), review_status: z.string(), reason: z.string().nullable(), verification: z.object({ url: z.string().nullable() }) }),
    incorporation_info: z.object({
      business_name: z.string(),
      incorporation_number: z.string().nullable(),
      incorporation_date: z.string().nullable(),
      incorporation_country: z.string(),
    }),
    business_address: BusinessAddress.nullable(),
    contact_information: z.object({ email: z.string().nullable(), phone: z.string().nullable(), website: z.string().nullable() }),
    features: z.array(z.string()),
  })
  .meta({ id: "BusinessProfile" });
export type BusinessProfile = z.infer<typeof BusinessProfile>;

const tag = "business";
export const businessEndpoints = {
  profile: endpoint({
    method: "GET",
    path: "/businesses/profile",
    summary: "Get the business profile",
    tag,
    access: { obj: "business-profile", act: "read" },
    answer: { one: BusinessProfile },
  }),
  roles: endpoint({
    method: "GET",
    path: "/businesses/roles",
    summary: "List roles",
    tag,
    access: { obj: "session", act: "read" },
    answer: { one: z.array(Role) },
  }),
  // The getting-started checklist (SPEC §2, §4), computed from the business's data.
  gettingStarted: endpoint({
    method: "GET",
    path: "/businesses/getting-started",
    summary: "Get the getting-started checklist",
    tag,
    access: { obj: "getting-started", act: "read" },
    answer: { one: Checklist },
  }),
  skipGettingStarted: endpoint({
    method: "POST",
    path: "/businesses/getting-started/skip",
    summary: "Skip the getting-started setup",
    tag,
    access: { obj: "getting-started", act: "skip" },
    errors: [409],
    answer: { one: Checklist },
  }),
  // POST businesses/track (SPEC §7): a member started verification, or a correction.
  track: endpoint({
    method: "POST",
    path: "/businesses/track",
    summary: "Record a verification event",
    tag,
    access: { obj: "tracking", act: "create" },
    body: TrackBody,
    status: 201,
    answer: { none: true },
  }),
};

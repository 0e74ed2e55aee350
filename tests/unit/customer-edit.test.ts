/** SPEC §5 Edit customer: the form's rules (the declared schemas' messages) and the calls a save makes; the country helpers. */
import { describe, expect, test } from "vitest";
import type { Customer } from "../../resources/customers.ts";
import { pathWith } from "../../resources/define-endpoint.ts";
import {
  editCustomerSchema,
  editRequests,
  editValues,
  formPathOf,
  isInNigeria,
  type EditCustomerValues,
  type EditRequest,
} from "../../src/app/pages/customers/edit-customer.ts";
import { countryName, countryOptions, formatPostalAddress, maskSecret, matchesCountry } from "../../src/app/components/resource/country-options.ts";

const lagos = { line_1: "12 Admiralty Way", city: "Lekki", state: "Lagos", postal_code: "106104", country: "NG" };
const person: Customer = {
  id: "c-1",
  type: "INDIVIDUAL",
  state: "ACTIVE",
  email: "chiamaka.eze@example.com",
  display_name: "Chiamaka Eze",
  first_name: "Chiamaka",
  last_name: "Eze",
  name: null,
  business_type: null,
  phone_number: "+2348031234567",
  residential_address: lagos,
  registered_address: null,
  incorporation_country: null,
  country_data: { ng: { bvn: "22212345678" } },
  billing_information: null,
  created_date: "2025-01-01T00:00:00.000Z",
};
const company: Customer = {
  ...person,
  id: "c-2",
  type: "BUSINESS",
  email: "ops@kilimanjaro.example",
  display_name: "Kilimanjaro Traders",
  first_name: null,
  last_name: null,
  name: "Kilimanjaro Traders",
  business_type: "PARTNERSHIP",
  residential_address: null,
  incorporation_country: "KE",
  country_data: {},
  registered_address: { line_1: "22 Moi Avenue", city: "Nairobi", state: "Nairobi", postal_code: "00100", country: "KE" },
};

/** A save's calls as they go out: method, path below /api, body. */
const sent = (requests: EditRequest[]) => requests.map((r) => ({ method: r.endpoint.method, path: pathWith(r.endpoint.path, r.params), body: r.body }));

/** The field errors the form would show, by path (the first of each, as react-hook-form shows it). */
function errors(customer: Customer, change: Partial<EditCustomerValues> = {}): Record<string, string> {
  const r = editCustomerSchema(customer).safeParse({ ...editValues(customer), ...change });
  const out: Record<string, string> = {};
  for (const i of r.success ? [] : r.error.issues) out[i.path.join(".")] ??= i.message;
  return out;
}

describe("Edit customer form", () => {
  test("starts from the customer: names, phone, its address; identity numbers blank (never shown in full)", () => {
    const v = editValues(person);
    expect(v).toMatchObject({
      type: "INDIVIDUAL",
      email: person.email,
      first_name: "Chiamaka",
      last_name: "Eze",
      phone_number: "+2348031234567",
      address: lagos,
      bvn: "",
      nin: "",
    });
    expect(editValues(company).address.city).toBe("Nairobi");
    expect(errors(person)).toEqual({});
    expect(errors(company)).toEqual({});
  });

  test("type and email are required, email valid", () => {
    expect(errors(person, { type: "" }).type).toBe("Customer type is required");
    expect(errors(person, { email: "" }).email).toBe("Email is required");
    expect(errors(person, { email: "not-an-email" }).email).toBe("Invalid email");
  });

  test("phone: optional, at most 20 characters, international format", () => {
    expect(errors(person, { phone_number: "" })).toEqual({});
    expect(errors(person, { phone_number: "  +44 20 7946 0958 " })).toEqual({});
    expect(errors(person, { phone_number: "08031234567" }).phone_number).toBe("Please enter a valid international phone number starting with +xxx");
    expect(errors(person, { phone_number: "+234 803 123 4567 8901" }).phone_number).toBe("Phone number must be at most 20 characters");
  });

  test("address, city, state, country required (under the form's address fields); postal code optional", () => {
    const e = errors(company, { address: { line_1: "", city: " ", state: "", postal_code: "", country: "" } });
    expect(e).toEqual({
      "address.line_1": "Address is required",
      "address.city": "City is required",
      "address.state": "State is required",
      "address.country": "Country is required",
    });
  });

  test("BVN and NIN: exactly 11 digits, only for customers in Nigeria", () => {
    expect(errors(person, { bvn: "2221234567" }).bvn).toBe("BVN must be exactly 11 digits");
    expect(errors(person, { nin: "1234567890a" }).nin).toBe("NIN must be exactly 11 digits");
    expect(errors(person, { bvn: "22212345679", nin: "" })).toEqual({});
    expect(errors(company, { bvn: "123" })).toEqual({});
    expect(isInNigeria(editValues(company), company)).toBe(false);
    expect(isInNigeria({ address: { ...editValues(company).address, country: "NG" } }, company)).toBe(true);
    expect(isInNigeria(editValues(company), { ...company, incorporation_country: "NG" })).toBe(true);
  });

  test("a save: the profile PATCH (trimmed, address under its own name), then country data only when a number is given", () => {
    const v = { ...editValues(person), phone_number: " +2348000000000 ", address: { ...lagos, postal_code: "" } };
    expect(sent(editRequests(v, person))).toEqual([
      {
        method: "PATCH",
        path: "/v2/customers/c-1/individual",
        body: { first_name: "Chiamaka", last_name: "Eze", phone_number: "+2348000000000", residential_address: { ...lagos, postal_code: "" } },
      },
    ]);
    expect(sent(editRequests({ ...v, bvn: "22212345679" }, person))[1]).toEqual({
      method: "PATCH",
      path: "/v2/customers/c-1/country_data",
      body: { ng: { bvn: "22212345679" } },
    });
    const biz = sent(editRequests(editValues(company), company));
    expect(biz).toHaveLength(1);
    expect(biz[0]).toMatchObject({
      method: "PATCH",
      path: "/v2/customers/c-2/business",
      body: { name: "Kilimanjaro Traders", business_type: "PARTNERSHIP", registered_address: { city: "Nairobi" } },
    });
    expect(editRequests({ ...editValues(company), bvn: "22212345679" }, company)).toHaveLength(1);
  });

  test("server field errors land under the form's fields", () => {
    expect(formPathOf("residential_address.city")).toBe("address.city");
    expect(formPathOf("registered_address.country")).toBe("address.country");
    expect(formPathOf("ng.bvn")).toBe("bvn");
    expect(formPathOf("phone_number")).toBe("phone_number");
  });
});

describe("countries", () => {
  test("every ISO alpha-2 country once, by name; the sign-up names win", () => {
    const COUNTRY_OPTIONS = countryOptions("en");
    expect(COUNTRY_OPTIONS).toHaveLength(249);
    // Sorted as English sorts: an accented initial among its letter, not after Z.
    expect(COUNTRY_OPTIONS.slice(0, 2).map((o) => o.label)).toEqual(["Afghanistan", "Åland Islands"]);
    expect(COUNTRY_OPTIONS.at(-1)?.label).toBe("Zimbabwe");
    expect(new Set(COUNTRY_OPTIONS.map((o) => o.value)).size).toBe(249);
    expect(COUNTRY_OPTIONS.every((o) => /^[A-Z]{2}$/.test(o.value))).toBe(true);
    expect(countryName("NG")).toBe("Nigeria");
    expect(countryName("gh")).toBe("Ghana");
    expect(countryName("CZ")).toBe("Czechia");
    expect(countryName("XX")).toBe("XX");
  });

  test("searching matches a name anywhere or a code exactly", () => {
    const gb = countryOptions("en").find((o) => o.value === "GB");
    expect(matchesCountry("kingdom", gb)).toBe(true);
    expect(matchesCountry("gb", gb)).toBe(true);
    expect(matchesCountry("xyz", gb)).toBe(false);
    expect(matchesCountry("g", gb)).toBe(true);
    expect(matchesCountry("", gb)).toBe(true);
  });

  test("masking keeps the last 4; an address reads on one line", () => {
    expect(maskSecret("22212345678")).toBe("•••••••5678");
    expect(maskSecret("123")).toBe("•••");
    expect(formatPostalAddress(lagos)).toBe("12 Admiralty Way, Lekki, Lagos 106104, Nigeria");
    expect(formatPostalAddress({ line_1: "4 Oxford Street", city: "Accra", state: "Greater Accra", postal_code: "", country: "GH" })).toBe(
      "4 Oxford Street, Accra, Greater Accra, Ghana",
    );
    expect(formatPostalAddress(null)).toBe("");
  });
});

/**
 * The demo business's verification, done the way a business does it: the case is opened, the
 * company, its directors and owners and its documents are submitted to the sandbox KYB provider,
 * and the sandbox reviewer approves it. A second business waits in review, so the onboarding
 * screen and the sandbox console have something to show.
 */
import { renderTextPdf } from "../lib/pdf-document.ts";
import { KYB_DOCUMENTS, KYB_DOCUMENT_KINDS, type KybCompany, type KybPerson } from "../../../resources/kyb.ts";
import type { Services } from "../services/index.ts";

export async function verifyBusiness(services: Services, businessId: string, company: KybCompany, people: KybPerson[], decide: "APPROVED" | null) {
  const url = await services.kyb.verificationUrl(businessId);
  const token = url.slice(url.lastIndexOf("/") + 1);
  await services.sandboxKyb.saveCompany(token, company);
  await services.sandboxKyb.savePeople(token, people);
  for (const kind of KYB_DOCUMENT_KINDS) {
    const label = KYB_DOCUMENTS[kind].label;
    const pdf = await renderTextPdf(label, [
      { text: label, size: 16, bold: true },
      { text: company.legal_name },
      { text: `Registration number ${company.registration_number}` },
      { text: "Sandbox document for the demo." },
    ]);
    await services.sandboxKyb.addDocument(token, kind, `${kind.toLowerCase()}.pdf`, pdf);
  }
  await services.sandboxKyb.submit(token);
  if (decide) await services.sandboxKyb.decide(businessId, decide, null);
}

export const DEMO_COMPANY: KybCompany = {
  legal_name: "Demo Trading Ltd",
  registration_number: "RC1234567",
  incorporation_date: "2019-03-14",
  incorporation_country: "NG",
  address: { line_1: "12 Adeola Odeku Street", city: "Lagos", state: "Lagos", postal_code: "101241", country: "NG" },
  website: "https://demo-trading.example",
  purpose_of_account: "Paying overseas suppliers and receiving payments from customers in USD, EUR and GBP.",
  source_of_funds: "Revenue from the wholesale of industrial equipment.",
  monthly_volume: "250K_1M",
};

export const DEMO_PEOPLE: KybPerson[] = [
  { first_name: "Ada", last_name: "Okafor", date_of_birth: "1982-06-02", nationality: "NG", is_director: true, ownership_percent: 60 },
  { first_name: "Tunde", last_name: "Bello", date_of_birth: "1979-11-20", nationality: "NG", is_director: true, ownership_percent: 0 },
  { first_name: "Chiamaka", last_name: "Eze", date_of_birth: "1988-01-09", nationality: "GB", is_director: false, ownership_percent: 25 },
];

/**
 * The demo's partner deals, added through the deal service, with the demo business's own history
 * made through the same redeem path as the API: the logistics deal redeemed, the payroll
 * application waiting for review. The trade-finance deal asks for more completed transactions than
 * the demo's year of activity, so its not-eligible paths are there to see.
 */
import type { Deal, DealInput } from "../../../resources/deals.ts";
import type { Services } from "../services/index.ts";

/** A square logo with the partner's initials, as a data URI (no external image to fetch). */
function logo(initials: string, background: string) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><rect width="96" height="96" rx="20" fill="${background}"/><text x="48" y="60" font-family="Arial,Helvetica,sans-serif" font-size="36" font-weight="700" fill="#fff" text-anchor="middle">${initials}</text></svg>`;
  return `data:image/svg+xml;utf8,${encodeURIComponent(svg)}`;
}

export const DEMO_DEALS = {
  cloud: "CloudScale Startup Credits",
  accounting: "Ledgerly Accounting",
  payroll: "PayPilot Payroll",
  insurance: "ShieldCover Business Insurance",
  logistics: "SwiftShip Logistics",
  marketing: "Beacon Ads Marketing Credits",
  workspace: "Workspace Suite",
  legal: "LegalDesk Company Secretarial",
  tradeFinance: "Atlas Trade Finance",
} as const;

const DEALS: DealInput[] = [
  {
    name: DEMO_DEALS.cloud,
    logo_url: logo("CS", "#1677ff"),
    category: "Cloud credits",
    description: "Host your apps, databases and storage on CloudScale with credits that cover your first year of infrastructure.",
    benefits: [
      "Up to $5,000 in credits:Cloud credits valid for 12 months on compute, storage and databases",
      "Business support:Free business-tier support for 6 months",
    ],
    eligibility_questions: ["What will you build or run on CloudScale?"],
    redemption_instruction: "Sign up at cloudscale.example/startups and enter the promo code STABLEBANK-5K. Credits appear within one business day.",
  },
  {
    name: DEMO_DEALS.accounting,
    logo_url: logo("L", "#13a8a8"),
    category: "Accounting software",
    description: "Bookkeeping, invoicing and tax-ready reports, with bank feeds that pull your Stablebank transactions in automatically.",
    benefits: ["Free for 12 months:The Growth plan at no cost for your first year", "Bank feeds:Transactions sync daily from every Stablebank account"],
    redemption_instruction:
      "Create your Ledgerly account at ledgerly.example/partners/stablebank; the 12 free months are applied when you connect your Stablebank accounts.",
  },
  {
    name: DEMO_DEALS.payroll,
    logo_url: logo("PP", "#722ed1"),
    category: "Payroll",
    description: "Run payroll in 30+ countries, file payroll taxes and pay contractors in local currency or stablecoins.",
    benefits: ["3 months free:No platform fee for your first 3 payroll runs", "Free onboarding:A payroll specialist migrates your employee data"],
    eligibility_questions: ["How many employees and contractors do you pay each month?", "In which countries are they based?"],
    min_completed_transactions: 10,
    reviewed: "REVIEW",
    redemption_instruction: "Your PayPilot onboarding specialist will email you within two business days to schedule the data migration.",
  },
  {
    name: DEMO_DEALS.insurance,
    logo_url: logo("SC", "#d4380d"),
    category: "Insurance",
    description: "General liability, cyber and goods-in-transit cover for trading companies, quoted online in minutes.",
    benefits: ["15% off:Your first year's premium on any business policy", "Fast claims:Claims decided within 5 working days"],
    eligibility_questions: ["What is your approximate annual revenue?"],
    min_completed_transactions: 25,
    reviewed: "REVIEW",
    redemption_instruction: "Get your quote at shieldcover.example/quote and enter the partner code SB15 before you pay.",
  },
  {
    name: DEMO_DEALS.logistics,
    logo_url: logo("SS", "#fa8c16"),
    category: "Logistics",
    description: "Door-to-door freight across Africa, Europe and the Americas, with customs brokerage and live tracking.",
    benefits: ["20% off shipping:On all air and sea freight for 6 months", "Customs brokerage:Free customs clearance on your first 5 shipments"],
    eligibility_questions: ["How many shipments do you send each month?"],
    min_completed_transactions: 5,
    redemption_instruction:
      "Book your shipment at swiftship.example and use the discount code STABLE20 at checkout. Customs clearance is applied automatically.",
  },
  {
    name: DEMO_DEALS.marketing,
    logo_url: logo("BA", "#eb2f96"),
    category: "Marketing",
    description: "Search and social ads managed in one place, with credits to reach your first customers.",
    benefits: ["$500 in ad credits:When you spend $500 within 60 days", "Free audit:A specialist reviews your first campaign"],
    eligibility_questions: ["What is your company's website?", "Which markets do you want to reach?"],
    redemption_instruction: "Open ads.beacon.example/redeem and enter the code BEACON-SB500. Credits are added after your first $500 of spend.",
  },
  {
    name: DEMO_DEALS.workspace,
    logo_url: logo("WS", "#2f54eb"),
    category: "Productivity",
    description: "Business email, calendars, video meetings and shared drives for your whole team.",
    benefits: ["30% off for 12 months:On the Business plan for every seat", "Free migration:Move your existing email and files at no cost"],
    redemption_instruction: "Start your Workspace Suite trial at workspace.example/stablebank; the 30% discount is applied to your first invoice.",
  },
  {
    name: DEMO_DEALS.legal,
    logo_url: "",
    category: "Legal",
    description: "Company secretarial services: annual returns, board minutes and share registers kept up to date by qualified lawyers.",
    benefits: ["First filing free:Your next annual return filed at no cost", "Document templates:A library of board resolutions and contracts"],
    eligibility_questions: ["In which country is your company registered?"],
    reviewed: "REVIEW",
    redemption_instruction: "A LegalDesk company secretary will contact you to collect your registration documents.",
  },
  {
    name: DEMO_DEALS.tradeFinance,
    logo_url: logo("AT", "#389e0d"),
    category: "Financing",
    description: "Invoice financing and letters of credit for importers and exporters with an established payment history.",
    benefits: ["Reduced fees:0.5% off the standard financing rate", "Fast decisions:Credit decisions within 48 hours"],
    eligibility_questions: ["What is your average monthly import or export volume?"],
    // More completed transactions than the demo's year of activity: the not-eligible path.
    min_completed_transactions: 10_000,
    reviewed: "REVIEW",
    redemption_instruction: "An Atlas relationship manager will contact you to set up your credit line.",
  },
];

export async function seedDeals(services: Services, businessId: string) {
  const created: Deal[] = [];
  for (const d of DEALS) created.push(await services.deals.create(d));
  const byName = (name: string) => created.find((d) => d.name === name)!;
  const answer = (name: string, answers: string[]) => {
    const deal = byName(name);
    return services.deals.redeem(businessId, deal.id, {
      eligibility_questions: deal.eligbility_questions.map((q, i) => ({ id: q.id, question: q.content.en, answer: answers[i] })),
    });
  };
  await answer(DEMO_DEALS.logistics, ["About 40 container and air shipments"]);
  await answer(DEMO_DEALS.payroll, ["18 employees and 6 contractors", "Nigeria, Kenya and the United Kingdom"]);
}

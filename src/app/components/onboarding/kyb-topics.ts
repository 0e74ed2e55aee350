/**
 * The KYB knowledge base as plain data, with no React in it, so that one source feeds the
 * onboarding card, its modals and the sandbox verification page, and the unit tests can read it.
 */

export type KybTopic = { key: string; title: string; summary: string; points: string[] };

export const KYB_REQUIREMENTS_INTRO = "All documents and information must be correct and reflect verifiable information.";

export const KYB_TOPICS: readonly KybTopic[] = [
  {
    key: "company-information",
    title: "Company Information",
    summary: "The legal identity and address of your business, exactly as registered.",
    points: [
      "Full legal name, any trading names and the company registration number.",
      "Country and date of incorporation, and the legal form of the entity.",
      "Registered office address and principal place of business, if different.",
      "Proof of company address dated no more than 3 months ago, such as a utility bill or bank statement.",
      "Website and a short description of the business activities.",
    ],
  },
  {
    key: "business-registration-documents",
    title: "Business Registration Documents",
    summary: "Official documents that confirm your business exists and how it is governed.",
    points: [
      "Certificate of incorporation or equivalent registration certificate.",
      "Memorandum and articles of association, or equivalent constitutional documents.",
      "Register of directors and register of shareholders, dated within the last 12 months.",
      "Certificate of good standing or a registry extract issued no more than 3 months ago.",
      "Certified English translations of any documents in another language.",
    ],
  },
  {
    key: "director-shareholder-information",
    title: "Director and Shareholder Information",
    summary: "Who controls and who ultimately owns your business.",
    points: [
      "Full name, date of birth, nationality and residential address of every director.",
      "Beneficial owners: every individual holding 5% or more of the shares or voting rights, directly or indirectly.",
      "A valid government-issued photo ID and proof of residential address, no more than 3 months old, for each director and beneficial owner.",
      "An ownership structure chart showing every intermediate entity up to the beneficial owners.",
    ],
  },
  {
    key: "proof-of-source-of-funds",
    title: "Proof of Source of Funds",
    summary: "Evidence of where the money your business will hold and move comes from.",
    points: [
      "Business bank statements covering the last 3 to 6 months.",
      "Audited financial statements for the last 2 years, or management accounts if the business is newer.",
      "Supporting evidence for significant inflows, such as invoices, contracts or investment agreements.",
    ],
  },
  {
    key: "purpose-of-the-account",
    title: "Purpose of the Account",
    summary: "What you will use the account for and with whom you will transact.",
    points: [
      "The main uses of the account, such as supplier payments, payroll or customer collections.",
      "The currencies you expect to hold and send.",
      "The countries of your main counterparties.",
      "Your main customers and suppliers, by name or by sector.",
    ],
  },
  {
    key: "monthly-payment-volume",
    title: "Monthly Payment Volume",
    summary: "The value and number of payments you expect to send and receive each month.",
    points: [
      "Expected monthly volume, in one of these bands: $50,000 – $250,000; $250,000 – $1,000,000; $1,000,000 – $5,000,000; Over $5,000,000.",
      "Expected number of incoming and outgoing payments per month.",
      "Typical and largest expected single payment.",
      "Any expected seasonal peaks or one-off large transfers.",
    ],
  },
  {
    key: "kyc-aml-compliance",
    title: "KYC/AML Compliance",
    summary: "How your business meets its own anti-money laundering and sanctions obligations.",
    points: [
      "Your AML/CTF and sanctions policies, where your business is required to have them.",
      "Any licences or registrations held with a financial regulator.",
      "Disclosure of any politically exposed persons among directors or beneficial owners.",
      "Disclosure of any dealings with sanctioned countries, entities or individuals.",
    ],
  },
  {
    key: "onboarding-questionnaire",
    title: "Onboarding Questionnaire",
    summary: "A short questionnaire that completes your application.",
    points: [
      "Answer every question fully; incomplete answers delay the review.",
      "Answers must be consistent with the documents you provide.",
      "We may ask follow-up questions or request further documents during the review.",
    ],
  },
];

/**
 * The topics in the member's language, without repeating them (as resources/ texts are, see
 * src/app/components/resource/declared-text.ts): each text's key is derived from where it is here,
 * onboarding.kybTopics.<topic key>.title / .summary / .points.<n>, and onboarding.kybTopics.intro;
 * the English above is every key's default, so English lists none of them and French translates
 * them in locales/fr/onboarding.json. tests/unit/i18n-declared.test.ts checks French has them all.
 */
export type Say = (key: string, text: string) => string;
export const KYB_INTRO_KEY = "onboarding.kybTopics.intro";
export const kybTopicIn = (say: Say, topic: KybTopic): KybTopic => {
  const at = `onboarding.kybTopics.${topic.key}`;
  return {
    ...topic,
    title: say(`${at}.title`, topic.title),
    summary: say(`${at}.summary`, topic.summary),
    points: topic.points.map((p, i) => say(`${at}.points.${i}`, p)),
  };
};

/** Every text of the knowledge base with its key. */
export function kybTopicTexts(): { key: string; text: string }[] {
  const found = [{ key: KYB_INTRO_KEY, text: KYB_REQUIREMENTS_INTRO }];
  for (const topic of KYB_TOPICS)
    kybTopicIn((key, text) => {
      found.push({ key, text });
      return text;
    }, topic);
  return found;
}

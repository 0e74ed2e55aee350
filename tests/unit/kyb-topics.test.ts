/** KYB knowledge base content: the eight topics in order, and the facts the product spec requires in each. */
import { describe, expect, it } from "vitest";
import { KYB_REQUIREMENTS_INTRO, KYB_TOPICS } from "../../src/app/components/onboarding/kyb-topics.ts";

function text(title: string): string {
  const topic = KYB_TOPICS.find((t) => t.title === title);
  if (!topic) throw new Error(`No topic titled ${title}`);
  return [topic.summary, ...topic.points].join("\n");
}

describe("KYB_TOPICS", () => {
  it("lists the eight topics in order", () => {
    expect(KYB_TOPICS.map((t) => t.title)).toEqual([
      "Company Information",
      "Business Registration Documents",
      "Director and Shareholder Information",
      "Proof of Source of Funds",
      "Purpose of the Account",
      "Monthly Payment Volume",
      "KYC/AML Compliance",
      "Onboarding Questionnaire",
    ]);
  });

  it("gives every topic a unique key, a summary and at least one point", () => {
    expect(new Set(KYB_TOPICS.map((t) => t.key)).size).toBe(KYB_TOPICS.length);
    for (const t of KYB_TOPICS) {
      expect(t.summary.trim()).not.toBe("");
      expect(t.points.length).toBeGreaterThan(0);
      for (const p of t.points) expect(p.trim()).not.toBe("");
    }
  });

  it("has the exact requirements intro", () => {
    expect(KYB_REQUIREMENTS_INTRO).toBe("All documents and information must be correct and reflect verifiable information.");
  });

  it("defines beneficial owners as holders of 5% or more", () => {
    expect(text("Director and Shareholder Information")).toContain("5% or more");
  });

  it("asks for a company address no more than 3 months old", () => {
    expect(text("Company Information") + text("Business Registration Documents")).toMatch(/no more than 3 months/);
  });

  it("asks for director and shareholder registers dated within the last 12 months", () => {
    const t = text("Business Registration Documents") + text("Director and Shareholder Information");
    expect(t).toMatch(/register/i);
    expect(t).toContain("12 months");
  });

  it("asks for 3 to 6 months of bank statements and 2 years of audited financial statements", () => {
    const t = text("Proof of Source of Funds");
    expect(t).toMatch(/bank statements.*3 to 6 months/i);
    expect(t).toMatch(/audited financial statements.*2 years/i);
  });

  it("gives monthly volume bands from $50,000 to over $5,000,000", () => {
    const t = text("Monthly Payment Volume");
    for (const band of ["$50,000 – $250,000", "$250,000 – $1,000,000", "$1,000,000 – $5,000,000", "Over $5,000,000"]) {
      expect(t).toContain(band);
    }
  });
});

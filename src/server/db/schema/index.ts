export * from "./businesses.ts";
export * from "./users.ts";
export * from "./business-users.ts";
export * from "./sessions.ts";
export * from "./one-time-tokens.ts";
export * from "./email-outbox.ts";
export * from "./sign-in-audit.ts";
export * from "./beneficiaries.ts";

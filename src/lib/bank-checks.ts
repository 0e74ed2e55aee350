/**
 * Bank detail checks (issue 28) from ibantools: IBAN by its country's registered length and BBAN
 * structure (and national check digits where the library has them) plus the ISO 13616 mod-97 check
 * digits; BIC by format and ISO country. Used by the beneficiary destinations (resources/), so the
 * form and the server (beneficiary create and edit, bulk rows) refuse with the same message.
 *
 * UK sort code + account number: the Vocalink modulus check needs Vocalink's weight table
 * (valacdos.txt), which no installed, maintained library ships; only the formats (6 and 8 digits)
 * are checked. See the note in resources/beneficiary-destinations.ts.
 */
import { countrySpecs, electronicFormatIBAN, isSEPACountry, validateBIC, validateIBAN, ValidationErrorsBIC, ValidationErrorsIBAN } from "ibantools";

export const IBAN_MESSAGE = "Enter a valid IBAN";
export const BIC_MESSAGE = "Enter a valid BIC (8 or 11 characters)";

/** Why an IBAN is refused, or null. Spaces and dashes are ignored, any case. */
export function ibanProblem(raw: string): string | null {
  const iban = electronicFormatIBAN(raw.replace(/-/g, "")) ?? "";
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{1,30}$/.test(iban)) return IBAN_MESSAGE;
  const country = iban.slice(0, 2);
  const spec = countrySpecs[country];
  const { errorCodes } = validateIBAN(iban, { allowQRIBAN: true });
  if (!spec?.chars || errorCodes.includes(ValidationErrorsIBAN.NoIBANCountry)) return `${country} is not a country that uses IBANs`;
  if (errorCodes.includes(ValidationErrorsIBAN.WrongBBANLength)) return `An IBAN from ${country} has ${spec.chars} characters; this one has ${iban.length}`;
  if (errorCodes.includes(ValidationErrorsIBAN.WrongBBANFormat)) return `This is not the format of an IBAN from ${country}`;
  if (errorCodes.includes(ValidationErrorsIBAN.WrongAccountBankBranchChecksum)) return "This IBAN's national check digits are wrong: check the account number";
  return errorCodes.length ? IBAN_MESSAGE : null;
}

/**
 * Why an IBAN cannot be paid by SEPA, or null: a valid IBAN of a country outside the SEPA scheme
 * (Brazil, Saudi Arabia...) has an IBAN but no SEPA reach, so its payment would only come back.
 */
export function sepaIbanProblem(raw: string): string | null {
  const problem = ibanProblem(raw);
  if (problem) return problem;
  const country = (electronicFormatIBAN(raw.replace(/-/g, "")) ?? "").slice(0, 2);
  return isSEPACountry(country) ? null : `An IBAN from ${country} cannot be paid by SEPA: SEPA reaches only its member countries`;
}

/** Why a BIC is refused, or null: 4 letters of bank, an ISO country, 2 of location, an optional branch of 3. */
export function bicProblem(raw: string): string | null {
  const bic = raw.replace(/[\s-]/g, "").toUpperCase();
  const { errorCodes } = validateBIC(bic);
  if (!errorCodes.length) return null;
  if (/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(bic) && errorCodes.includes(ValidationErrorsBIC.NoBICCountry))
    return `${bic.slice(4, 6)} in this BIC is not a country`;
  return BIC_MESSAGE;
}

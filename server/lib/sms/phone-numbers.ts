// The 'max' metadata knows each number's type (mobile or landline), which the default build leaves out.
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';
import type { Language } from '../../../contracts/messages/index.ts';
import { fail } from '../errors.ts';

/**
 * A phone number as it is stored and dialled: E.164 ('+34612345678'), read the way people write it
 * ('612 34 56 78', '0034 612...', '+34 (612) 345-678'), in Spain unless it says otherwise. Null when
 * it is not a number that can exist.
 */
export function toE164(raw: string, defaultCountry: CountryCode = 'ES'): string | null {
  const parsed = parsePhoneNumberFromString(raw.trim(), defaultCountry);
  return parsed?.isValid() ? parsed.number : null;
}

/** Whether a number can receive an SMS: mobiles (and numbers whose type the plan leaves open). */
export function canTakeSms(e164: string): boolean {
  const type = parsePhoneNumberFromString(e164)?.getType();
  return type === undefined || type === 'MOBILE' || type === 'FIXED_LINE_OR_MOBILE' || type === 'PERSONAL_NUMBER';
}

/**
 * A phone number as a save stores it: E.164, or a 400 that says so in the caller's language (the
 * field `telefono`). No number stays no number.
 */
export function phoneToStore<T extends string | null | undefined>(raw: T, language: Language): T | string {
  if (raw === undefined || raw === null || raw.trim() === '') return raw;
  const e164 = toE164(raw);
  if (e164 === null) throw fail(400, 'validacion', language, { message: 'telefono_no_valido', field: 'telefono' });
  return e164;
}

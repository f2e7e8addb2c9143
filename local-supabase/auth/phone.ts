// Phone numbers as GoTrue checks them before it looks at the (here always disabled) phone provider.
import {validationFailed} from './errors';

/** GoTrue's E.164 check after dropping spaces, dashes, brackets and a leading +; the digits. */
export function validatePhone(phone: string): string {
  const digits = phone.replace(/[\s\-()]/g, '').replace(/^\+/, '');
  if (!/^[1-9]\d{4,14}$/.test(digits)) throw validationFailed('Invalid phone number format (E.164 required)');
  return digits;
}

import {validationFailed} from './errors';

// GoTrue's e-mail pattern (api/mail.go validateEmail).
const EMAIL_RE =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** The lower-cased address, or GoTrue's 400. */
export function validateEmail(email: string | undefined): string {
  const value = (email ?? '').trim();
  if (value === '') throw validationFailed('An email address is required');
  if (value.length > 255) throw validationFailed('An email address is too long');
  if (!EMAIL_RE.test(value)) throw validationFailed('Unable to validate email address: invalid format');
  return value.toLowerCase();
}

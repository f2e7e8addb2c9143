// Form rules shared by the auth modal and /reset-password.
import {minimumPasswordLength} from './config';

export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(email: string): boolean {
  return EMAIL_PATTERN.test(normaliseEmail(email));
}

const INVALID_EMAIL = 'Please enter a valid email address';

/** What is wrong with an address a form is about to send, or null. */
export function emailError(email: string): string | null {
  if (!email.trim()) return 'Please enter your email address';
  return isValidEmail(email) ? null : INVALID_EMAIL;
}

/** The first problem with a new password and its confirmation, or null. */
export function newPasswordError(password: string, confirm: string): string | null {
  if (password !== confirm) return 'Passwords do not match';
  const minimum = minimumPasswordLength();
  if (password.trim().length < minimum) return `Password must be at least ${minimum} characters long`;
  return null;
}

export interface SignUpFields {
  fullName: string;
  email: string;
  password: string;
  confirmPassword: string;
}

export function signUpError(fields: SignUpFields): string | null {
  if (!fields.fullName.trim() || !fields.email.trim() || !fields.password || !fields.confirmPassword) return 'Please fill in all fields';
  if (!isValidEmail(fields.email)) return INVALID_EMAIL;
  return newPasswordError(fields.password, fields.confirmPassword);
}

export function signInError(email: string, password: string): string | null {
  if (!email.trim() || !password.trim()) return 'Please enter your email and password';
  return null;
}

// Password rules and hashing as GoTrue applies them. bcrypt cost 10 ($2b$ here, $2a$ from Go's
// bcrypt) so hashes move freely between this server and a hosted project.
import bcrypt from 'bcrypt';
import {AuthError, validationFailed} from './errors';

/** bcrypt ignores everything after 72 bytes; GoTrue refuses longer passwords rather than truncate. */
export const MAX_PASSWORD_BYTES = 72;
const BCRYPT_COST = 10;

/** GoTrue's password check; `minimumLength` is config.toml's minimum_password_length. */
export function checkPasswordStrength(password: string, minimumLength: number): void {
  if (Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES) {
    throw validationFailed(`Password cannot be longer than ${MAX_PASSWORD_BYTES} characters`);
  }
  if ([...password].length < minimumLength) {
    const message = `Password should be at least ${minimumLength} characters.`;
    throw new AuthError(422, 'weak_password', message, {weak_password: {reasons: ['length']}});
  }
}

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, BCRYPT_COST);
}

// A cost-10 hash of a random string nobody knows: compared against when there is no account (or
// no password), so a wrong password takes as long for an unknown address as for a real one.
const DUMMY_HASH = '$2b$10$lsfa1/OaXjr6wnuwV.OHFOwiN.Z1KD3jaN3kwwo5LD0Sa/qnVB8sO';

/** False for users without a password and for hashes bcrypt cannot read; always costs one bcrypt comparison. */
export async function verifyPassword(password: string, hash: string | null | undefined): Promise<boolean> {
  if (!hash || !/^\$2[aby]\$\d\d\$/.test(hash)) {
    await bcrypt.compare(password, DUMMY_HASH).catch(() => false);
    return false;
  }
  if (Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES) return false;
  try {
    return await bcrypt.compare(password, hash);
  } catch {
    return false;
  }
}

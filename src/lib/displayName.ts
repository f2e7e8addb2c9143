// Who the navbar says is signed in: the full name, or the part of the e-mail before the @.

export interface NameSource {
  fullName?: string | null;
  email?: string | null;
}

export function displayName({fullName, email}: NameSource): string {
  const name = fullName?.trim();
  if (name) return name;
  const local = email?.split('@')[0]?.trim();
  return local || 'Account';
}

/** The avatar letter: first letter of the full name, or of the e-mail. */
export function avatarInitial({fullName, email}: NameSource): string {
  const source = fullName?.trim() || email?.trim() || '?';
  return (Array.from(source)[0] ?? '?').toUpperCase();
}

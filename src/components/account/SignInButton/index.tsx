import React, {type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import {useAuthDialogs, type AuthMode} from '@site/src/lib/authUi';

export interface SignInButtonProps {
  className: string;
  children: ReactNode;
  /** Which dialog opens: sign in (default) or create an account. */
  mode?: Extract<AuthMode, 'signIn' | 'signUp'>;
}

/**
 * Opens the sign-in (or sign-up) dialog; a link to /account where the account system is absent
 * (the comparison build without it), so the call to action never disappears.
 */
export default function SignInButton({className, children, mode = 'signIn'}: SignInButtonProps): React.JSX.Element {
  const dialogs = useAuthDialogs();
  if (dialogs) {
    return (
      <button type="button" className={className} onClick={() => dialogs.openAuth(mode)}>
        {children}
      </button>
    );
  }
  return (
    <Link className={className} to="/account">
      {children}
    </Link>
  );
}

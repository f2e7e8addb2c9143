import React from 'react';
import Link from '@docusaurus/Link';
import {useAccountIdentity, useAuthState} from '@site/src/lib/auth';
import {isAdminUser} from '@site/src/lib/payments';

export interface RoleLinksProps {
  /** Set by the navbar when the item renders inside the mobile drawer. */
  mobile?: boolean;
  /** Set by the mobile drawer: closes it when a link is chosen. */
  onClick?: () => void;
}

interface RoleLink {
  to: string;
  label: string;
}

/**
 * The navbar's `custom-roleLinks` item: "My learning" for anyone signed in (from the stored
 * session too, so it appears with the avatar) and "Admin" for administrators. Visitors get
 * nothing. Showing the link decides nothing: the admin page and Postgres still check the role.
 */
export default function RoleLinks({mobile = false, onClick}: RoleLinksProps): React.JSX.Element | null {
  const identity = useAccountIdentity();
  const auth = useAuthState();
  if (!identity) return null;
  const links: RoleLink[] = [{to: '/progress', label: 'My learning'}];
  if (auth.status === 'signedIn' && isAdminUser(auth.user)) links.push({to: '/admin-transactions', label: 'Admin'});
  if (mobile) {
    return (
      <>
        {links.map((l) => (
          <li key={l.to} className="menu__list-item">
            <Link className="menu__link" to={l.to} isNavLink activeClassName="menu__link--active" onClick={onClick}>
              {l.label}
            </Link>
          </li>
        ))}
      </>
    );
  }
  return (
    <>
      {links.map((l) => (
        <Link key={l.to} className="navbar__item navbar__link" to={l.to} isNavLink activeClassName="navbar__link--active">
          {l.label}
        </Link>
      ))}
    </>
  );
}

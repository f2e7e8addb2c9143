// The navbar's role links (issue 27): learners find /progress as "My learning", administrators
// find the admin page, visitors see neither.
import React from 'react';
import {render, screen} from '@testing-library/react';
import {describe, expect, it} from 'vitest';
import RoleLinks from '../../src/components/site/RoleLinks';
import {AuthContext, type AuthContextValue} from '../../src/lib/auth';
import {makeSession, makeUser} from './helpers/fakeSupabase';

function withAuth(value: Partial<AuthContextValue>, mobile = false) {
  const base = {state: {status: 'signedOut', loading: false, user: null, session: null, profile: null}, preview: null} as unknown as AuthContextValue;
  return render(
    <AuthContext.Provider value={{...base, ...value}}>
      <ul>
        <RoleLinks mobile={mobile} />
      </ul>
    </AuthContext.Provider>,
  );
}

const signedIn = (role?: string): Partial<AuthContextValue> => {
  const user = makeUser({app_metadata: role ? {provider: 'email', role} : {provider: 'email'}});
  return {state: {status: 'signedIn', loading: false, user, session: makeSession(user), profile: null}};
};

describe('RoleLinks', () => {
  it('shows nothing to a visitor', () => {
    const {container} = withAuth({});
    expect(container.querySelector('a')).toBeNull();
  });

  it('gives a signed-in learner "My learning" to /progress, and no Admin', () => {
    withAuth(signedIn());
    expect(screen.getByRole('link', {name: 'My learning'})).toHaveAttribute('href', '/progress');
    expect(screen.queryByRole('link', {name: 'Admin'})).toBeNull();
  });

  it('shows "My learning" from the stored session before the account system has loaded', () => {
    withAuth({
      state: {status: 'loading', loading: true, user: null, session: null, profile: null},
      preview: {userId: 'u', email: 'ada@example.com', fullName: null, expiresAt: null},
    });
    expect(screen.getByRole('link', {name: 'My learning'})).toBeInTheDocument();
  });

  it('adds Admin for an administrator, as menu items in the mobile drawer', () => {
    withAuth(signedIn('admin'), true);
    expect(screen.getByRole('link', {name: 'Admin'})).toHaveAttribute('href', '/admin-transactions');
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });
});

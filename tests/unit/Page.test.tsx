// Page is the shell of the site's own pages (layout, centred column, one h1); AdminPage puts all
// but the heading behind AdminOnly.
import React, {type ReactNode} from 'react';
import {render, screen} from '@testing-library/react';
import {describe, expect, it, vi} from 'vitest';
import Page from '../../src/components/site/Page';
import AdminPage from '../../src/components/admin/AdminOnly/AdminPage';
import {AuthContext} from '../../src/lib/auth';
import {fakeAuthValue} from './helpers/fakeAuth';
import {makeUser} from './helpers/fakeSupabase';

vi.mock('@theme/Layout', () => ({
  default: ({title, description, children}: {title: string; description: string; children: ReactNode}) => (
    <div data-testid="layout" data-title={title} data-description={description}>
      {children}
    </div>
  ),
}));

describe('Page', () => {
  it('gives the layout its title and description and shows the title as the one h1 above the content', () => {
    render(
      <Page title="Pricing" description="Free and Premium plans.">
        <p>Body</p>
      </Page>,
    );
    expect(screen.getByTestId('layout')).toHaveAttribute('data-title', 'Pricing');
    expect(screen.getByTestId('layout')).toHaveAttribute('data-description', 'Free and Premium plans.');
    const main = screen.getByRole('main');
    expect(main).toHaveClass('container', 'margin-vert--lg');
    expect(screen.getAllByRole('heading', {level: 1}).map((h) => h.textContent)).toEqual(['Pricing']);
    expect(main.textContent).toBe('PricingBody');
  });

  it('words the h1 otherwise than the title when given a heading, and adds a class to the column', () => {
    render(
      <Page title="Explore courses" description="The catalog." heading="Explore the catalog" className="wide">
        <p>Body</p>
      </Page>,
    );
    expect(screen.getByTestId('layout')).toHaveAttribute('data-title', 'Explore courses');
    expect(screen.getByRole('heading', {level: 1, name: 'Explore the catalog'})).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveClass('container', 'margin-vert--lg', 'wide');
  });
});

describe('AdminPage', () => {
  const page = (status: 'signedIn' | 'signedOut', role?: string) =>
    render(
      <AuthContext.Provider value={fakeAuthValue(status, makeUser({app_metadata: role ? {provider: 'email', role} : {provider: 'email'}}))}>
        <AdminPage title="Certificates (admin)" description="Every certificate." heading="Certificates" what="This page lists every issued certificate.">
          <p>The table</p>
        </AdminPage>
      </AuthContext.Provider>,
    );

  it('shows its heading to everyone but its content to administrators only', () => {
    page('signedOut');
    expect(screen.getByRole('heading', {level: 1, name: 'Certificates'})).toBeInTheDocument();
    expect(screen.getByText(/This page lists every issued certificate\. Sign in with an administrator account/)).toBeInTheDocument();
    expect(screen.queryByText('The table')).toBeNull();
  });

  it('shows an administrator the content under the heading', () => {
    page('signedIn', 'admin');
    expect(screen.getByRole('heading', {level: 1, name: 'Certificates'})).toBeInTheDocument();
    expect(screen.getByText('The table')).toBeInTheDocument();
  });
});

import React from 'react';
import {act, render, screen, waitFor} from '@testing-library/react';
import {renderToString} from 'react-dom/server';
import userEvent from '@testing-library/user-event';
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import AuthButton from '../../src/components/account/AuthButton';
import SignedOutButtons from '../../src/components/account/AuthButton/SignedOutButtons';
import AccountRoot from '../../src/components/account/AccountRoot';
import {loadSupabase} from '../../src/lib/supabase';
import {mobileSidebar} from '../stubs/docusaurus/theme-common/internal';
import {createFakeSupabase, makeSession, makeUser, profileRow, storeSession, type FakeSupabase} from './helpers/fakeSupabase';

vi.mock('@site/src/lib/supabase', () => ({loadSupabase: vi.fn()}));

let fake: FakeSupabase;

beforeEach(() => {
  fake = createFakeSupabase();
  vi.mocked(loadSupabase).mockReset();
  vi.mocked(loadSupabase).mockResolvedValue(fake.client);
  window.history.replaceState(null, '', '/');
});

afterEach(() => {
  window.localStorage.clear();
  vi.restoreAllMocks();
});

const renderButton = (mobile = false) =>
  render(
    <AccountRoot>
      <AuthButton mobile={mobile} />
    </AccountRoot>,
  );

describe('AuthButton', () => {
  it('says "Loading..." while loading (the server render and the first client render)', () => {
    const html = renderToString(
      <AccountRoot>
        <AuthButton />
      </AccountRoot>,
    );
    expect(html).toContain('Loading...');
    expect(html).not.toContain('Sign In');
  });

  it('shows the avatar from the stored session before the client has loaded', async () => {
    storeSession(makeSession(makeUser({user_metadata: {}, email: 'grace@example.com'})));
    let release: (v: unknown) => void = () => undefined;
    vi.mocked(loadSupabase).mockReturnValue(new Promise((r) => (release = r)) as never);
    renderButton();
    // The stored session's user is shown before the client has loaded.
    const account = await screen.findByRole('button', {name: 'grace'});
    expect(account).toHaveTextContent('G');
    fake.session = makeSession(makeUser({user_metadata: {}, email: 'grace@example.com'}));
    await act(async () => release(fake.client));
    expect(screen.getByRole('button', {name: 'grace'})).toBeInTheDocument();
  });

  it('signed out: Sign In and Sign Up open the modal in that mode, on desktop and in the mobile menu', async () => {
    const user = userEvent.setup();
    for (const mobile of [false, true]) {
      const toggle = vi.spyOn(mobileSidebar, 'toggle');
      mobileSidebar.shown = mobile;
      const {unmount} = renderButton(mobile);
      await user.click(await screen.findByRole('button', {name: 'Sign In'}));
      expect(await screen.findByRole('dialog', {name: 'Sign In'})).toBeInTheDocument();
      await user.click(screen.getByRole('button', {name: 'Close'}));
      await user.click(screen.getByRole('button', {name: 'Sign Up'}));
      expect(await screen.findByRole('dialog', {name: 'Create Account'})).toBeInTheDocument();
      expect(toggle).toHaveBeenCalledTimes(mobile ? 2 : 0);
      unmount();
      toggle.mockRestore();
    }
    mobileSidebar.shown = false;
  });

  it('signed in: avatar letter and display name; a click opens Account Settings', async () => {
    storeSession();
    fake.session = makeSession();
    fake.tables.profiles = {data: profileRow({full_name: 'Zora Neale'}), error: null};
    const user = userEvent.setup();
    renderButton();
    const account = await screen.findByRole('button', {name: 'Zora Neale'});
    expect(screen.getByTestId('avatar')).toHaveTextContent('Z');
    await user.click(account);
    expect(await screen.findByRole('dialog', {name: 'Account Settings'})).toBeInTheDocument();
  });

  it('the comparison build keeps static links', () => {
    render(<SignedOutButtons />);
    expect(screen.getByRole('link', {name: 'Sign In'})).toHaveAttribute('href', '/account');
    expect(screen.getByRole('link', {name: 'Sign Up'})).toHaveAttribute('href', '/account');
  });

  it('/account#sign-in opens the modal (old links keep working)', async () => {
    window.history.replaceState(null, '', '/account#sign-up');
    renderButton();
    expect(await screen.findByRole('dialog', {name: 'Create Account'})).toBeInTheDocument();
    await waitFor(() => expect(window.location.hash).toBe(''));
  });
});

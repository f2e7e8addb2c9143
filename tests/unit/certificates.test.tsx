// Certificate links and the certificate page, with a stand-in auth context and a stubbed Supabase
// client: the one address every certificate link uses, old `/certificates/<code>` addresses
// forwarded (by 404.html's inline script and, inside the site, by the NotFound swizzle) without
// the not-found text, what the page shows a visitor and what only the owner gets.
import React from 'react';
import {act, render, screen, within} from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {afterEach, describe, expect, it, vi} from 'vitest';
import type {SupabaseClient, User} from '@supabase/supabase-js';
import {AuthContext, type AuthContextValue} from '../../src/lib/auth';
import {fakeAuthValue} from './helpers/fakeAuth';
import {certificatePath, certificateUrl, codeFromLocation, legacyCertificateCode, linkedInAddUrl} from '../../src/lib/certificates';
import {legacyRedirectScript, withLegacyRedirect} from '../../plugins/certificate-links';
import CertificateView from '../../src/components/certificates/CertificatePage/CertificateView';
import CertificatePage from '../../src/components/certificates/CertificatePage';
import NotFoundContent from '../../src/theme/NotFound/Content';
import {formatLongDate} from '../../src/lib/longDate';

const CODE = '0123456789abcdef0123456789abcdef';
const SITE = {url: 'http://localhost:3000', baseUrl: '/'};

afterEach(() => {
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

describe('the certificate address', () => {
  it('is the verification page with the code in the query, on the configured site URL', () => {
    expect(certificatePath(CODE)).toBe(`/certificates/?code=${CODE}`);
    expect(certificateUrl(SITE, CODE)).toBe(`http://localhost:3000/certificates/?code=${CODE}`);
    expect(certificateUrl({url: 'https://academy.example/', baseUrl: '/learn/'}, CODE)).toBe(`https://academy.example/learn/certificates/?code=${CODE}`);
    expect(codeFromLocation('/certificates/', `?code=${CODE.toUpperCase()}`)).toBe(CODE);
  });

  it('reads the code of an old /certificates/<code> address, and nothing else', () => {
    expect(legacyCertificateCode(`/certificates/${CODE}`)).toBe(CODE);
    expect(legacyCertificateCode(`/certificates/${CODE.toUpperCase()}/`)).toBe(CODE);
    expect(legacyCertificateCode(`/learn/certificates/${CODE}`, '/learn/')).toBe(CODE);
    expect(legacyCertificateCode('/certificates/')).toBeNull();
    expect(legacyCertificateCode('/certificates/not-a-code')).toBeNull();
    expect(legacyCertificateCode(`/certificates/${CODE}/extra`)).toBeNull();
    expect(legacyCertificateCode(`/docs/certificates/${CODE}`)).toBeNull();
  });

  it('is what LinkedIn receives as the credential URL', () => {
    const url = new URL(linkedInAddUrl({courseTitle: 'Open Data', issuedAt: '2026-11-23T10:00:00Z', certUrl: certificateUrl(SITE, CODE), code: CODE}));
    expect(url.searchParams.get('certUrl')).toBe(`http://localhost:3000/certificates/?code=${CODE}`);
  });
});

describe("404.html's forwarding script", () => {
  /** Runs the script against a stand-in location; returns where it went and whether it stopped the page. */
  function runAt(pathname: string, baseUrl = '/'): {replacedWith: string | null; stopped: boolean} {
    const outcome = {replacedWith: null as string | null, stopped: false};
    const location = {pathname, replace: (to: string) => (outcome.replacedWith = to)};
    const stop = vi.spyOn(window, 'stop').mockImplementation(() => {
      outcome.stopped = true;
    });
    new Function('location', legacyRedirectScript(baseUrl))(location);
    stop.mockRestore();
    return outcome;
  }

  it('stops the 404 page and replaces an old certificate address with the verification page', () => {
    expect(runAt(`/certificates/${CODE.toUpperCase()}`)).toEqual({replacedWith: `/certificates/?code=${CODE}`, stopped: true});
    expect(runAt(`/learn/certificates/${CODE}/`, '/learn/')).toEqual({replacedWith: `/learn/certificates/?code=${CODE}`, stopped: true});
  });

  it('leaves every other missing address to the 404 page', () => {
    for (const path of ['/nope', '/certificates/', '/certificates/abc', `/docs/certificates/${CODE}`]) expect(runAt(path)).toEqual({replacedWith: null, stopped: false});
  });

  it('goes first in the head, before the "Page Not Found" title', () => {
    const html = withLegacyRedirect('<html><head><meta charset="UTF-8"><title>Page Not Found | Research Methods Academy</title></head><body><h1>Page Not Found</h1></body></html>', '/');
    expect(html.indexOf('<script>')).toBeGreaterThan(html.indexOf('<meta charset="UTF-8">'));
    expect(html.indexOf('<script>')).toBeLessThan(html.indexOf('Page Not Found'));
    expect(withLegacyRedirect('<head><meta charset=UTF-8><title>Page Not Found</title>', '/')).toMatch(/^<head><meta charset=UTF-8><script>.*<\/script><title>/);
    expect(() => withLegacyRedirect('<html><head><title>x</title></head></html>', '/')).toThrow(/charset/);
  });
});

describe('the NotFound swizzle', () => {
  it('opens an old certificate address as the verification page, never showing "Page Not Found"', () => {
    window.history.replaceState(null, '', `/certificates/${CODE}`);
    render(<NotFoundContent />);
    expect(screen.getByRole('status')).toHaveTextContent('Opening certificate…');
    expect(document.body).not.toHaveTextContent('Page Not Found');
    expect(document.title).toBe('Opening certificate… | Research Methods Academy');
    expect(window.location.pathname + window.location.search).toBe(`/certificates/?code=${CODE}`);
  });

  it('keeps "Page Not Found" for any other missing address', () => {
    window.history.replaceState(null, '', '/certificates/nope');
    render(<NotFoundContent />);
    expect(screen.getByRole('heading', {name: 'Page Not Found'})).toBeInTheDocument();
    expect(window.location.pathname).toBe('/certificates/nope');
  });
});

// ------------------------------------------------------------------------------------------------
// The page

const VERIFIED = {
  full_name: 'Rosalind Franklin',
  course_title: 'Open Data',
  course_slug: 'open-data',
  issued_at: '2026-11-23T10:00:00Z',
  status: 'valid',
  pass_mark: 80,
  checks: [
    {lesson_slug: 'overview', lesson_title: 'Open data overview', score: 100, passed_at: '2026-11-20T09:00:00Z'},
    {lesson_slug: 'workflow', lesson_title: 'An open data workflow', score: 83.33, passed_at: '2026-11-23T10:00:00Z'},
  ],
};

/** A client whose verify_certificate answers `verified` and whose certificates table holds `ownRow` for the user. */
function stubClient(verified: object | null, ownRow: {code: string} | null) {
  const rpc = vi.fn(() => ({maybeSingle: () => Promise.resolve({data: verified, error: null})}));
  const eq = vi.fn();
  const query = {eq, maybeSingle: () => Promise.resolve({data: ownRow, error: null})};
  eq.mockReturnValue(query);
  const from = vi.fn(() => ({select: () => query}));
  return {client: {rpc, from} as unknown as SupabaseClient, rpc, from, eq};
}

const user = {id: 'user-1', email: 'r@example.com'} as unknown as User;

function renderView(auth: AuthContextValue) {
  return render(
    <AuthContext.Provider value={auth}>
      <CertificateView code={CODE} />
    </AuthContext.Provider>,
  );
}

describe('the certificate page', () => {
  it('shows a visitor the verification and what it certifies, without the PNG or LinkedIn', async () => {
    const {client, rpc, from} = stubClient(VERIFIED, null);
    renderView(fakeAuthValue('signedOut', user, client));
    expect(await screen.findByTestId('certificate-status')).toHaveTextContent('is valid');
    expect(rpc).toHaveBeenCalledWith('verify_certificate', {p_code: CODE});
    expect(screen.getByTestId('certificate')).toHaveTextContent(`Verify at http://localhost:3000/certificates/?code=${CODE}`);
    expect(screen.getByTestId('certificate')).toHaveTextContent('2 knowledge checks, each passed with at least 80%');

    const checks = screen.getByRole('table', {name: 'Knowledge checks passed for Open Data'});
    expect(within(checks).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Lesson', 'Score', 'Passed on']);
    const rows = within(checks).getAllByRole('row').slice(1);
    expect(rows.map((row) => Array.from(row.querySelectorAll('th, td'), (c) => c.textContent))).toEqual([
      ['Open data overview', '100%', '20 November 2026'],
      ['An open data workflow', '83.33%', '23 November 2026'],
    ]);
    expect(screen.getByTestId('certified-checks')).toHaveTextContent('pass mark of 80%');

    expect(screen.getByRole('button', {name: 'Print'})).toBeInTheDocument();
    expect(screen.queryByRole('button', {name: 'Download as PNG'})).toBeNull();
    expect(screen.queryByRole('link', {name: /Add to LinkedIn/})).toBeNull();
    expect(from).not.toHaveBeenCalled();
  });

  it('offers the owner the PNG and "Add to LinkedIn", once the database returns their own row', async () => {
    const {client, from, eq} = stubClient(VERIFIED, {code: CODE});
    renderView(fakeAuthValue('signedIn', user, client));
    const linkedIn = await screen.findByRole('link', {name: /Add to LinkedIn/});
    expect(from).toHaveBeenCalledWith('certificates');
    expect(eq).toHaveBeenCalledWith('code', CODE);
    expect(eq).toHaveBeenCalledWith('user_id', 'user-1');
    expect(new URL(linkedIn.getAttribute('href') as string).searchParams.get('certUrl')).toBe(`http://localhost:3000/certificates/?code=${CODE}`);
    expect(screen.getByRole('button', {name: 'Download as PNG'})).toBeInTheDocument();
  });

  it('offers a signed-in stranger (or an administrator reading all rows) the verification only', async () => {
    const {client, from} = stubClient(VERIFIED, null);
    renderView(fakeAuthValue('signedIn', user, client));
    await screen.findByTestId('certificate-status');
    await vi.waitFor(() => expect(from).toHaveBeenCalled());
    // Let the ownership answer (no row) settle before looking.
    await act(async () => undefined);
    expect(screen.queryByRole('link', {name: /Add to LinkedIn/})).toBeNull();
    expect(screen.queryByRole('button', {name: 'Download as PNG'})).toBeNull();
  });

  it('says when the checks of an early certificate were not recorded, and shows a revoked one without actions', async () => {
    const {client} = stubClient({...VERIFIED, status: 'revoked', revoked_at: '2026-11-24T12:00:00Z', pass_mark: null, checks: []}, {code: CODE});
    renderView(fakeAuthValue('signedIn', user, client));
    expect(await screen.findByTestId('certificate-status')).toHaveTextContent(`was revoked by Research Methods Academy on ${formatLongDate(new Date('2026-11-24T12:00:00Z'))} and is no longer valid`);
    expect(screen.getByTestId('certified-checks')).toHaveTextContent('The individual checks were not recorded for this certificate.');
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByTestId('certificate-actions')).toBeNull();
  });

  it('asks for a certificate ID when the address has none, and opens its verification address', async () => {
    window.history.replaceState(null, '', '/certificates/');
    render(
      <AuthContext.Provider value={fakeAuthValue('signedOut', user)}>
        <CertificatePage />
      </AuthContext.Provider>,
    );
    await userEvent.type(screen.getByLabelText('Certificate ID'), ` ${CODE.toUpperCase()} `);
    await userEvent.click(screen.getByRole('button', {name: 'Verify'}));
    expect(window.location.pathname + window.location.search).toBe(`/certificates/?code=${CODE}`);
  });

  it('reads the code from the query of the verification address', async () => {
    const {client, rpc} = stubClient(null, null);
    window.history.replaceState(null, '', `/certificates/?code=${CODE}`);
    render(
      <AuthContext.Provider value={fakeAuthValue('signedOut', user, client)}>
        <CertificatePage />
      </AuthContext.Provider>,
    );
    expect(await screen.findByRole('heading', {name: 'Certificate not found'})).toBeInTheDocument();
    expect(rpc).toHaveBeenCalledWith('verify_certificate', {p_code: CODE});
  });
});

// The admin certificates table (src/components/admin/AdminCertificates) with a stand-in auth context and
// a stubbed Supabase client: code + verification link per row, search and status kept in the URL
// and sent to admin_certificates, revoke only with a reason, Refresh, CSV of the rows shown.
import React from 'react';
import {render, screen, waitFor, within} from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import type {Session, SupabaseClient, User} from '@supabase/supabase-js';
import {AuthContext, type AuthContextValue} from '../../src/lib/auth';
import AdminCertificates from '../../src/components/admin/AdminCertificates';
import {certificatesCsv} from '../../src/lib/adminTables';

const A = 'a'.repeat(32);
const B = 'b'.repeat(32);
type Row = {code: string; full_name: string; user_email: string | null; course_title: string; issued_at: string; revoked_at: string | null; revoked_reason: string | null};
let rows: Row[];
let rpc: ReturnType<typeof vi.fn>;

const listArgs = () => rpc.mock.calls.filter((c) => c[0] === 'admin_certificates').map((c) => c[1] as Record<string, unknown>);

beforeEach(() => {
  window.history.replaceState(null, '', '/admin-certificates');
  rows = [
    {code: A, full_name: 'Ada', user_email: 'ada@example.com', course_title: 'Course C', issued_at: '2026-11-23T00:00:00Z', revoked_at: null, revoked_reason: null},
    {code: B, full_name: '=HYPERLINK("x")', user_email: null, course_title: 'Course, "D"', issued_at: '2026-11-20T00:00:00Z', revoked_at: '2026-11-21T00:00:00Z', revoked_reason: 'Line one\nline two'},
  ];
  rpc = vi.fn(async (name: string, args: {p_code?: string; p_reason?: string}) => {
    if (name === 'admin_certificates') return {data: rows.map((r) => ({...r, total_count: rows.length})), error: null};
    if (!args.p_reason) return {data: null, error: {code: '22023', message: 'A reason is required to revoke a certificate'}};
    rows = rows.map((r) => (r.code === args.p_code ? {...r, revoked_at: '2026-11-24T00:00:00Z', revoked_reason: args.p_reason ?? null} : r));
    return {data: {code: args.p_code, revoked_at: '2026-11-24T00:00:00Z'}, error: null};
  });
});

afterEach(() => vi.restoreAllMocks());

function renderTable() {
  const client = {rpc} as unknown as SupabaseClient;
  const user = {id: 'admin', app_metadata: {role: 'admin'}} as unknown as User;
  const auth = {
    state: {status: 'signedIn', loading: false, user, session: {access_token: 'x', user} as unknown as Session, profile: null},
    getClient: () => Promise.resolve(client),
  } as unknown as AuthContextValue;
  return render(
    <AuthContext.Provider value={auth}>
      <AdminCertificates />
    </AuthContext.Provider>,
  );
}

describe('admin certificates', () => {
  it('shows each certificate’s code linking to its verification page, and when and why a revoked one was revoked', async () => {
    renderTable();
    const table = await screen.findByRole('table');
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first as HTMLElement).getByRole('link', {name: new RegExp(`^${A}.*verification page`)})).toHaveAttribute('href', `/certificates/?code=${A}`);
    expect(first).toHaveTextContent('ada@example.com');
    expect(second).toHaveTextContent('Revoked on');
    expect(second).toHaveTextContent('Reason: Line one');
    expect(listArgs()).toEqual([{p_limit: 50, p_offset: 0}]);
  });

  it('revokes only with a reason, sends it, and shows the row revoked', async () => {
    const user = userEvent.setup();
    renderTable();
    await user.click(await screen.findByRole('button', {name: /^Revoke.*certificate of Ada for Course C$/}));
    const reason = screen.getByLabelText(/Reason/);
    expect(reason).toHaveFocus();
    expect(reason).toBeRequired();
    // An empty reason is refused here (and by the database) before anything is sent.
    reason.removeAttribute('required');
    await user.click(screen.getByRole('button', {name: 'Revoke certificate'}));
    expect(screen.getByRole('alert')).toHaveTextContent('Give a reason for the revocation.');
    expect(rpc).not.toHaveBeenCalledWith('revoke_certificate', expect.anything());
    await user.type(reason, '  Issued in error ');
    await user.click(screen.getByRole('button', {name: 'Revoke certificate'}));
    expect(rpc).toHaveBeenCalledWith('revoke_certificate', {p_code: A, p_reason: 'Issued in error'});
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Revoked the Course C certificate of Ada.'));
    await waitFor(() => expect(screen.getAllByText(/^Reason: /)).toHaveLength(2));
    expect(screen.queryByRole('button', {name: /^Revoke/})).toBeNull();
  });

  it('search and status go to the server and into the URL; a URL with them opens with them', async () => {
    const user = userEvent.setup();
    const {unmount} = renderTable();
    await screen.findByRole('table');
    await user.type(screen.getByLabelText('Search certificates'), 'ada{Enter}');
    await waitFor(() => expect(listArgs().at(-1)).toEqual({p_query: 'ada', p_limit: 50, p_offset: 0}));
    await user.selectOptions(screen.getByLabelText('Certificate status'), 'revoked');
    await waitFor(() => expect(listArgs().at(-1)).toEqual({p_query: 'ada', p_status: 'revoked', p_limit: 50, p_offset: 0}));
    expect(window.location.search).toBe('?q=ada&status=revoked');
    unmount();
    rpc.mockClear();
    window.history.replaceState(null, '', '/admin-certificates?q=ada&status=revoked&page=3');
    renderTable();
    await screen.findByRole('table');
    expect(listArgs()).toEqual([{p_query: 'ada', p_status: 'revoked', p_limit: 50, p_offset: 100}]);
    expect(screen.getByLabelText('Search certificates')).toHaveValue('ada');
    expect(screen.getByLabelText('Certificate status')).toHaveValue('revoked');
  });

  it('Refresh reads the rows again: a revoke made elsewhere shows', async () => {
    const user = userEvent.setup();
    renderTable();
    await screen.findByRole('button', {name: /^Revoke.*certificate of Ada for Course C$/});
    rows = rows.map((r) => ({...r, revoked_at: r.revoked_at ?? '2026-11-25T00:00:00Z', revoked_reason: r.revoked_reason ?? 'From the CLI'}));
    await user.click(screen.getByRole('button', {name: 'Refresh'}));
    expect(await screen.findByText('Reason: From the CLI')).toBeInTheDocument();
    expect(screen.queryByRole('button', {name: /^Revoke/})).toBeNull();
  });

  it('exports the rows shown as CSV: quotes, commas, newlines escaped, formulas neutralised', async () => {
    const blobs: Blob[] = [];
    Object.assign(URL, {createObjectURL: vi.fn((blob: Blob) => (blobs.push(blob), 'blob:csv')), revokeObjectURL: vi.fn()});
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const user = userEvent.setup();
    renderTable();
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', {name: 'Export CSV'}));
    expect(names).toEqual([expect.stringMatching(/^certificates_\d{4}-\d{2}-\d{2}\.csv$/)]);
    const text = (await blobs[0]?.text())?.replace(/^\uFEFF/, '');
    expect(text).toBe(
      'Code,Verification link,Learner,E-mail,Course,Issued,Status,Revoked,Reason\r\n' +
        `${A},http://localhost:3000/certificates/?code=${A},Ada,ada@example.com,Course C,2026-11-23T00:00:00Z,valid,,\r\n` +
        `${B},http://localhost:3000/certificates/?code=${B},"'=HYPERLINK(""x"")",,"Course, ""D""",2026-11-20T00:00:00Z,revoked,2026-11-21T00:00:00Z,"Line one\nline two"\r\n`,
    );
  });

  it('certificatesCsv guards every formula lead: = + - @', () => {
    const cell = (fullName: string) => certificatesCsv([{code: A, fullName, email: null, courseTitle: 'C', issuedAt: 'i', revokedAt: null, revokedReason: null}], {url: 'https://x.org', baseUrl: '/'}).split('\r\n')[1]?.split(',')[2];
    expect(['=1+1', '+1', '-1+2', '@SUM(A1)'].map(cell)).toEqual(["'=1+1", "'+1", "'-1+2", "'@SUM(A1)"]);
  });
});

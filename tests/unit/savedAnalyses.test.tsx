// The workbench's "Save analysis" and "My analyses": signed-in learners save the table on screen
// under a name, see it listed, reopen it (grid and model restored) and delete it; a visitor is
// invited to sign in and no client is loaded. The Supabase client is an in-memory stub.
import React from 'react';
import {render, screen, waitFor, within} from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type {SupabaseClient, User} from '@supabase/supabase-js';
import {describe, expect, it} from 'vitest';
import {AuthContext} from '../../src/lib/auth';
import Workbench from '../../src/components/workbench/Workbench';
import {fakeAuthValue} from './helpers/fakeAuth';

type Row = Record<string, unknown>;

/** saved_analyses as the calls src/lib/savedAnalyses.ts makes see it. */
function fakeClient(initial: Row[] = []) {
  const rows: Row[] = [...initial];
  const done = <T,>(value: T) => ({then: (ok: (v: {data: T; error: null}) => unknown, bad?: (e: unknown) => unknown) => Promise.resolve({data: value, error: null}).then(ok, bad)});
  const from = (table: string) => {
    if (table !== 'saved_analyses') throw new Error(`unexpected table ${table}`);
    return {
      select: () => ({order: () => done([...rows].sort((a, b) => String(b.updated_at).localeCompare(String(a.updated_at))))}),
      insert: (row: Row) => ({
        select: () => ({
          single: () => {
            const saved = {id: `id-${rows.length + 1}`, updated_at: `2026-11-26T10:00:0${rows.length}Z`, ...row};
            rows.push(saved);
            return done(saved);
          },
        }),
      }),
      delete: () => ({
        eq: (_column: string, id: string) => {
          rows.splice(rows.findIndex((r) => r.id === id), 1);
          return done(null);
        },
      }),
    };
  };
  return {client: {from} as unknown as SupabaseClient, rows};
}

const user = {id: 'user-1', email: 'ada@example.com', user_metadata: {}} as unknown as User;

function renderWorkbench(status: 'signedIn' | 'signedOut', client?: SupabaseClient) {
  const auth = fakeAuthValue(status, user, client);
  render(
    <AuthContext.Provider value={auth}>
      <Workbench />
    </AuthContext.Provider>,
  );
  return auth;
}

describe('saved analyses on the workbench', () => {
  it('a visitor is invited to sign in; no client is loaded', () => {
    const auth = renderWorkbench('signedOut');
    expect(screen.getByText('Sign in to save named analyses to your account and reopen them later.')).toBeInTheDocument();
    expect(screen.queryByRole('button', {name: 'Save analysis'})).toBeNull();
    expect(auth.getClient).not.toHaveBeenCalled();
  });

  it('saves the table under a name, lists it, reopens it with its model and deletes it', async () => {
    const backend = fakeClient();
    const ui = userEvent.setup();
    renderWorkbench('signedIn', backend.client);
    expect(await screen.findByText('No saved analyses yet.')).toBeInTheDocument();

    await ui.click(screen.getByRole('button', {name: /Chlorhexidine-alcohol/}));
    await ui.selectOptions(screen.getByLabelText('Model'), 'FE');
    const pooled = screen.getByTestId('pooled').textContent;
    await ui.click(screen.getByRole('button', {name: 'Save analysis'}));
    expect(screen.getByRole('alert')).toHaveTextContent('Give the analysis a name.');
    expect(backend.rows).toEqual([]);

    await ui.type(screen.getByLabelText('Name of this analysis'), '  My SSI review ');
    await ui.click(screen.getByRole('button', {name: 'Save analysis'}));
    expect(await screen.findByText('Saved “My SSI review”.')).toBeInTheDocument();
    expect(backend.rows).toHaveLength(1);
    expect(backend.rows[0]).toMatchObject({name: 'My SSI review', measure: 'RR', method: 'FE', hksj: false, data: {kind: 'binary', withSubgroup: true}});
    expect(within(screen.getByTestId('my-analyses')).getByText(/My SSI review \(RR, FE, 4 studies\)/)).toBeInTheDocument();

    // Change everything, then reopen: the grid and the model come back.
    await ui.selectOptions(screen.getByLabelText('Outcome'), 'continuous');
    expect(screen.queryByTestId('pooled')).toBeNull();
    await ui.click(screen.getByRole('button', {name: 'Open My SSI review'}));
    expect(screen.getByLabelText('Model')).toHaveValue('FE');
    expect(screen.getByTestId('pooled').textContent).toBe(pooled);

    await ui.click(screen.getByRole('button', {name: 'Delete My SSI review'}));
    expect(await screen.findByText('No saved analyses yet.')).toBeInTheDocument();
    expect(backend.rows).toEqual([]);
  });

  it('lists what the account already holds, newest first, and skips rows it cannot read', async () => {
    const rows = (n: number) => Array.from({length: n}, (_, i) => ({study: `S${i}`, events_t: '1', n_t: '10', events_c: '2', n_c: '10'}));
    const backend = fakeClient([
      {id: 'a', name: 'Older', measure: 'OR', method: 'DL', hksj: true, data: {kind: 'binary', withSubgroup: false, rows: rows(3)}, updated_at: '2026-11-01T00:00:00Z'},
      {id: 'b', name: 'Newer', measure: 'MD', method: 'REML', hksj: false, data: {kind: 'continuous', withSubgroup: false, rows: []}, updated_at: '2026-11-20T00:00:00Z'},
      {id: 'c', name: 'Broken', measure: 'RR', method: 'REML', hksj: false, data: {kind: 'binary', rows: 'nope'}, updated_at: '2026-11-25T00:00:00Z'},
    ]);
    renderWorkbench('signedIn', backend.client);
    const list = await screen.findByTestId('my-analyses');
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent?.split(' (')[0])).toEqual(['Newer', 'Older']);
    expect(within(list).getByText(/Older \(OR, DL, HKSJ, 3 studies\)/)).toBeInTheDocument();
  });
});

// Saved workbench analyses (issue 30) through the real client: the owner saves, lists, renames and
// deletes; a stranger and a visitor are refused every operation on them; bad names and oversized
// data get Postgres' check violation; the data export holds them; deleting the account removes them.
import {describe, expect, it} from 'vitest';
import {exportAccount} from '../../src/lib/accountExport';
import {anonClient, serviceClient, signedInUser} from './clients';
import {invoke} from './premiumHelpers';

// The grid as the workbench saves it (src/lib/savedAnalyses.ts).
const DATA = {
  kind: 'binary',
  withSubgroup: false,
  rows: [
    {study: 'A', events_t: '3', n_t: '50', events_c: '7', n_c: '52'},
    {study: 'B', events_t: '9', n_t: '120', events_c: '15', n_c: '118'},
  ],
};

function newAnalysis(name = 'My chlorhexidine review') {
  return {name, measure: 'RR', method: 'REML', hksj: true, data: DATA};
}

describe('saved analyses', () => {
  it('the owner saves, lists, renames and deletes their own', async () => {
    const {client, user} = await signedInUser();
    const saved = await client.from('saved_analyses').insert(newAnalysis()).select().single();
    expect(saved.error).toBeNull();
    expect(saved.data).toMatchObject({user_id: user.id, name: 'My chlorhexidine review', measure: 'RR', method: 'REML', hksj: true, data: DATA});
    const id = (saved.data as {id: string}).id;

    const renamed = await client.from('saved_analyses').update({name: 'Renamed'}).eq('id', id).select('name');
    expect(renamed.data).toEqual([{name: 'Renamed'}]);
    expect((await client.from('saved_analyses').select('id, name')).data).toEqual([{id, name: 'Renamed'}]);

    expect((await client.from('saved_analyses').delete().eq('id', id).select('id')).data).toEqual([{id}]);
    expect((await client.from('saved_analyses').select('id')).data).toEqual([]);
  });

  it('a stranger cannot read, add to, change or delete another learner’s analyses; a visitor gets 401', async () => {
    const owner = await signedInUser();
    const stranger = await signedInUser();
    const {data} = await owner.client.from('saved_analyses').insert(newAnalysis()).select('id').single();
    const id = (data as {id: string}).id;

    expect((await stranger.client.from('saved_analyses').select('id').eq('id', id)).data).toEqual([]);
    const planted = await stranger.client.from('saved_analyses').insert({...newAnalysis('planted'), user_id: owner.user.id});
    expect(planted.error?.code).toBe('42501');
    expect(planted.status).toBe(403);
    expect((await stranger.client.from('saved_analyses').update({name: 'hijacked'}).eq('id', id).select('id')).data).toEqual([]);
    expect((await stranger.client.from('saved_analyses').delete().eq('id', id).select('id')).data).toEqual([]);

    const visitor = anonClient();
    for (const result of [
      await visitor.from('saved_analyses').select('id'),
      await visitor.from('saved_analyses').insert({...newAnalysis(), user_id: owner.user.id}),
      await visitor.from('saved_analyses').update({name: 'x'}).eq('id', id),
      await visitor.from('saved_analyses').delete().eq('id', id),
    ]) {
      expect(result.error?.code).toBe('42501');
      expect(result.status).toBe(401);
    }

    const untouched = await serviceClient().from('saved_analyses').select('name, user_id').eq('id', id).single();
    expect(untouched.data).toEqual({name: 'My chlorhexidine review', user_id: owner.user.id});
  });

  it('refuses a blank or over-long name, an unknown model and oversized data with a check violation, writing nothing', async () => {
    const {client} = await signedInUser();
    const rows: Record<string, unknown>[] = [
      newAnalysis('   '),
      newAnalysis('x'.repeat(121)),
      {...newAnalysis(), method: 'BAYES'},
      {...newAnalysis(), data: {...DATA, rows: [{study: 'x'.repeat(200_001)}]}},
      {...newAnalysis(), data: ['not', 'an', 'object']},
    ];
    for (const row of rows) {
      const result = await client.from('saved_analyses').insert(row);
      expect(result.error?.code, JSON.stringify(row).slice(0, 60)).toBe('23514');
      expect(result.status).toBe(400);
    }
    expect((await client.from('saved_analyses').select('id')).data).toEqual([]);
  });

  it('are in the account export and are removed with the account', async () => {
    const {client, user, email, password} = await signedInUser();
    await client.from('saved_analyses').insert([newAnalysis('first'), newAnalysis('second')]);
    const exported = await exportAccount(client);
    expect((exported.saved_analyses as {name: string}[]).map((r) => r.name).sort()).toEqual(['first', 'second']);

    const deleted = await invoke(client, 'delete-account', {email, password});
    expect(deleted).toMatchObject({status: 200, data: {deleted: true}});
    expect((await serviceClient().from('saved_analyses').select('id').eq('user_id', user.id)).data).toEqual([]);
  });
});

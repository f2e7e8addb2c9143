// Row-level security matrix: every table × {anon, user A, user B, admin, service role} ×
// {select, insert, update, delete}, through /rest/v1 with the real client. Postgres policies and
// grants decide; these tests pin what DESIGN.md §3 says each role may do.
import type {SupabaseClient} from '@supabase/supabase-js';
import {beforeAll, describe, expect, it} from 'vitest';
import {anonClient, serviceClient, signedInUser} from './clients';

interface Actor {
  name: string;
  db: SupabaseClient;
  id: string | null;
}

let anon: Actor;
let a: Actor;
let b: Actor;
let admin: Actor;
let service: Actor;
let lesson: {id: number; course_id: number; slug: string};
let inactiveCourseId: number;
let inactiveLessonId: number;
const COURSE = 'systematic-review';

/** 42501 is 401 for anon and 403 for a signed-in role, as PostgREST maps it. */
function expectDenied(actor: Actor, result: {status: number; error: {code: string} | null}) {
  expect(result.error?.code, actor.name).toBe('42501');
  expect(result.status, actor.name).toBe(actor === anon ? 401 : 403);
}

beforeAll(async () => {
  const [ua, ub, ud] = await Promise.all([
    signedInUser({fullName: 'Alice'}),
    signedInUser({fullName: 'Bob'}),
    signedInUser({fullName: 'Ada Admin', appMetadata: {role: 'admin'}}),
  ]);
  anon = {name: 'anon', db: anonClient(), id: null};
  a = {name: 'user A', db: ua.client, id: ua.user.id};
  b = {name: 'user B', db: ub.client, id: ub.user.id};
  admin = {name: 'admin', db: ud.client, id: ud.user.id};
  service = {name: 'service role', db: serviceClient(), id: null};

  const found = await anon.db.from('lessons').select('id, course_id, slug, courses!inner(slug)').eq('courses.slug', COURSE).order('order_index').limit(1).single();
  expect(found.error).toBeNull();
  lesson = found.data as unknown as typeof lesson;

  // Hidden catalog rows, only the service role may see them.
  const slug = `hidden-${Date.now()}`;
  const course = await service.db.from('courses').insert({slug, title: 'Hidden', is_active: false}).select('id').single();
  expect(course.error).toBeNull();
  inactiveCourseId = course.data!.id;
  const hiddenLesson = await service.db
    .from('lessons')
    .insert({course_id: lesson.course_id, slug: `${slug}-lesson`, title: 'Hidden lesson', is_active: false})
    .select('id')
    .single();
  expect(hiddenLesson.error).toBeNull();
  inactiveLessonId = hiddenLesson.data!.id;

  for (const user of [a, b]) {
    const progress = await user.db.rpc('track_lesson_progress', {p_course_slug: COURSE, p_lesson_slug: lesson.slug, p_seconds: 10});
    expect(progress.error).toBeNull();
    const tx = await service.db.from('subscription_transactions').insert({
      user_id: user.id,
      transaction_type: 'subscription',
      amount: 49,
      status: 'completed',
      paypal_event_id: `evt-${user.id}`,
    });
    expect(tx.error).toBeNull();
  }
});

describe('profiles', () => {
  it('select: owner sees only their own row; anon is refused; service sees all', async () => {
    expectDenied(anon, await anon.db.from('profiles').select('id'));
    for (const user of [a, b, admin]) {
      const {data, error} = await user.db.from('profiles').select('id, full_name');
      expect(error).toBeNull();
      expect(data!.map((r) => r.id)).toEqual([user.id]);
    }
    expect((await a.db.from('profiles').select('id').eq('id', b.id!)).data).toEqual([]);
    const all = await service.db.from('profiles').select('id').in('id', [a.id!, b.id!]);
    expect(all.data).toHaveLength(2);
  });

  it('insert: only the service role (rows come from the auth.users trigger)', async () => {
    expectDenied(anon, await anon.db.from('profiles').insert({id: a.id, full_name: 'x'}));
    for (const user of [a, admin]) expectDenied(user, await user.db.from('profiles').insert({id: user.id, full_name: 'x'}));
    const dup = await service.db.from('profiles').insert({id: a.id, full_name: 'x'});
    expect(dup.status).toBe(409);
  });

  it('update: owner may change full_name only, never subscription columns or others’ rows', async () => {
    const own = await a.db.from('profiles').update({full_name: 'Alice A.'}).eq('id', a.id!).select('full_name').single();
    expect(own.error).toBeNull();
    expect(own.data).toEqual({full_name: 'Alice A.'});
    for (const change of [
      {subscription_status: 'active'},
      {subscription_plan: 'premium', subscription_end_date: '2099-01-01T00:00:00Z'},
      {full_name: 'x', subscription_amount: 0},
      {paypal_subscription_id: 'I-FAKE'},
    ]) {
      expectDenied(a, await a.db.from('profiles').update(change).eq('id', a.id!));
    }
    const other = await a.db.from('profiles').update({full_name: 'Hacked'}).eq('id', b.id!).select();
    expect(other.error).toBeNull();
    expect(other.data).toEqual([]);
    expectDenied(anon, await anon.db.from('profiles').update({full_name: 'x'}).eq('id', a.id!));
    const bRow = await service.db.from('profiles').select('full_name, subscription_status').eq('id', b.id!).single();
    expect(bRow.data).toEqual({full_name: 'Bob', subscription_status: 'inactive'});
    const aRow = await service.db.from('profiles').select('subscription_status').eq('id', a.id!).single();
    expect(aRow.data).toEqual({subscription_status: 'inactive'});
    const byService = await service.db.from('profiles').update({subscription_status: 'active'}).eq('id', admin.id!).select('subscription_status').single();
    expect(byService.data).toEqual({subscription_status: 'active'});
  });

  it('delete: nobody but the service role', async () => {
    expectDenied(anon, await anon.db.from('profiles').delete().eq('id', a.id!));
    for (const user of [a, admin]) expectDenied(user, await user.db.from('profiles').delete().eq('id', user.id!));
    const none = await service.db.from('profiles').delete().eq('id', '00000000-0000-0000-0000-000000000000');
    expect(none.status).toBe(204);
  });
});

describe.each(['courses', 'lessons'] as const)('%s (catalog)', (table) => {
  const hiddenId = () => (table === 'courses' ? inactiveCourseId : inactiveLessonId);

  it('select: everyone sees active rows; only the service role sees inactive ones', async () => {
    for (const actor of [anon, a, admin]) {
      const {data, error} = await actor.db.from(table).select('id, is_active');
      expect(error, actor.name).toBeNull();
      expect(data!.length).toBeGreaterThan(0);
      expect(data!.every((r) => r.is_active)).toBe(true);
      expect((await actor.db.from(table).select('id').eq('id', hiddenId())).data).toEqual([]);
    }
    expect((await service.db.from(table).select('id').eq('id', hiddenId())).data).toEqual([{id: hiddenId()}]);
  });

  it('insert, update, delete: only the service role', async () => {
    const row: Record<string, unknown> =
      table === 'courses'
        ? {slug: `c-${Date.now()}`, title: 'T'}
        : {course_id: lesson.course_id, slug: `l-${Date.now()}`, title: 'T'};
    for (const actor of [anon, a, admin]) {
      expectDenied(actor, await actor.db.from(table).insert(row));
      expectDenied(actor, await actor.db.from(table).update({title: 'Changed'}).eq('id', hiddenId()));
      expectDenied(actor, await actor.db.from(table).delete().eq('id', hiddenId()));
    }
    const created = await service.db.from(table).insert(row).select('id').single();
    expect(created.error).toBeNull();
    const updated = await service.db.from(table).update({title: 'Changed'}).eq('id', created.data!.id).select('title').single();
    expect(updated.data).toEqual({title: 'Changed'});
    const deleted = await service.db.from(table).delete().eq('id', created.data!.id).select('id');
    expect(deleted.data).toEqual([{id: created.data!.id}]);
  });
});

describe.each(['user_course_progress', 'user_lesson_progress'] as const)('%s (owner only)', (table) => {
  it('select: each user sees only their own rows; anon is refused', async () => {
    expectDenied(anon, await anon.db.from(table).select('id'));
    for (const user of [a, b]) {
      const {data, error} = await user.db.from(table).select('user_id');
      expect(error).toBeNull();
      expect(data!.length).toBeGreaterThan(0);
      expect(data!.every((r) => r.user_id === user.id)).toBe(true);
    }
    expect((await a.db.from(table).select('id').eq('user_id', b.id!)).data).toEqual([]);
    expect((await admin.db.from(table).select('id').in('user_id', [a.id!, b.id!])).data).toEqual([]);
    expect((await service.db.from(table).select('id').in('user_id', [a.id!, b.id!])).data!.length).toBeGreaterThanOrEqual(2);
  });

  it('insert: own rows only', async () => {
    const other = await signedInUser();
    const row = (userId: string | null): Record<string, unknown> =>
      table === 'user_course_progress'
        ? {user_id: userId ?? undefined, course_id: inactiveCourseId}
        : {user_id: userId ?? undefined, lesson_id: lesson.id, course_id: lesson.course_id};
    expectDenied(anon, await anon.db.from(table).insert(row(a.id)));
    // Writing a row for someone else violates the policy's WITH CHECK.
    const forB = await other.client.from(table).insert(row(b.id));
    expect(forB.status).toBe(403);
    expect(forB.error).toMatchObject({code: '42501', message: `new row violates row-level security policy for table "${table}"`});
    const own = await other.client.from(table).insert(row(null)).select('user_id').single();
    expect(own.error).toBeNull();
    expect(own.data).toEqual({user_id: other.user.id});
  });

  it('update: own rows only; others’ rows are invisible (0 rows)', async () => {
    const change = table === 'user_course_progress' ? {last_accessed_at: new Date().toISOString()} : {is_completed: true};
    const own = await a.db.from(table).update(change).eq('user_id', a.id!).select('user_id');
    expect(own.error).toBeNull();
    expect(own.data!.length).toBeGreaterThan(0);
    const others = await a.db.from(table).update(change).eq('user_id', b.id!).select('user_id');
    expect(others.error).toBeNull();
    expect(others.data).toEqual([]);
    const steal = await a.db.from(table).update({user_id: b.id}).eq('user_id', a.id!);
    expect(steal.status).toBe(403);
    expectDenied(anon, await anon.db.from(table).update(change).eq('user_id', a.id!));
  });

  it('delete: not granted to users; the service role may', async () => {
    expectDenied(anon, await anon.db.from(table).delete().eq('user_id', a.id!));
    expectDenied(a, await a.db.from(table).delete().eq('user_id', a.id!));
    const none = await service.db.from(table).delete().eq('user_id', '00000000-0000-0000-0000-000000000000');
    expect(none.status).toBe(204);
  });
});

describe('subscription_transactions', () => {
  it('select: owner sees own, admin sees all, anon refused', async () => {
    expectDenied(anon, await anon.db.from('subscription_transactions').select('id'));
    for (const user of [a, b]) {
      const {data} = await user.db.from('subscription_transactions').select('user_id');
      expect(data!.length).toBeGreaterThan(0);
      expect(data!.every((r) => r.user_id === user.id)).toBe(true);
    }
    const all = await admin.db.from('subscription_transactions').select('user_id').in('user_id', [a.id!, b.id!]);
    expect(all.data!.map((r) => r.user_id).sort()).toEqual([a.id, b.id].sort());
  });

  it('insert, update, delete: only the service role', async () => {
    const row = {user_id: a.id, transaction_type: 'renewal', amount: 1, status: 'completed'};
    for (const actor of [anon, a, admin]) {
      expectDenied(actor, await actor.db.from('subscription_transactions').insert(row));
      expectDenied(actor, await actor.db.from('subscription_transactions').update({amount: 0}).eq('user_id', a.id!));
      expectDenied(actor, await actor.db.from('subscription_transactions').delete().eq('user_id', a.id!));
    }
    const created = await service.db.from('subscription_transactions').insert(row).select('id').single();
    expect(created.error).toBeNull();
    const dup = await service.db.from('subscription_transactions').insert({...row, paypal_event_id: `evt-${a.id}`});
    expect(dup.status).toBe(409);
    expect(dup.error!.code).toBe('23505');
    const deleted = await service.db.from('subscription_transactions').delete().eq('id', created.data!.id).select('id');
    expect(deleted.data).toHaveLength(1);
  });
});

describe('discount_codes', () => {
  it('no direct access for anyone but the service role', async () => {
    const code = `TEST${Date.now()}`;
    for (const actor of [anon, a, admin]) {
      expectDenied(actor, await actor.db.from('discount_codes').select('code'));
      expectDenied(actor, await actor.db.from('discount_codes').insert({code, percent_off: 10}));
      expectDenied(actor, await actor.db.from('discount_codes').update({percent_off: 100}).eq('code', code));
      expectDenied(actor, await actor.db.from('discount_codes').delete().eq('code', code));
    }
    const created = await service.db.from('discount_codes').insert({code, percent_off: 10}).select('code, percent_off').single();
    expect(created.data).toEqual({code, percent_off: 10});
    const updated = await service.db.from('discount_codes').update({percent_off: 20}).eq('code', code).select('percent_off').single();
    expect(updated.data).toEqual({percent_off: 20});
    const deleted = await service.db.from('discount_codes').delete().eq('code', code).select('code');
    expect(deleted.data).toEqual([{code}]);
  });
});

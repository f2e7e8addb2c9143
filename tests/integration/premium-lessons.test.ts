// Who can read a Premium lesson's body: only through public.get_premium_lesson, and only with
// Premium (public.is_premium(): active, or cancelled before its end date) or as an admin. The
// bodies were published from docs/ by the harness, as `npm run sync:courses` does.
import {describe, expect, it} from 'vitest';
import type {SupabaseClient} from '@supabase/supabase-js';
import {anonClient, backend, serviceClient, signedInUser} from './clients';

const LESSON = {p_course_slug: 'systematic-review', p_lesson_slug: 'meta-analysis'};
/** A sentence from the body (after the objectives) of docs/modules/systematic-review/meta-analysis.mdx. */
const BODY_HEADING = 'Inverse-variance weighting';

const DAY = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

async function setSubscription(userId: string, status: string, endDate: string | null): Promise<void> {
  const {error} = await serviceClient().from('profiles').update({subscription_status: status, subscription_end_date: endDate}).eq('id', userId);
  if (error) throw new Error(error.message);
}

async function answer(client: SupabaseClient): Promise<Record<string, unknown>> {
  const {data, error} = await client.rpc('get_premium_lesson', LESSON);
  if (error) throw new Error(error.message);
  return data as Record<string, unknown>;
}

async function learnerWith(status: string, endDate: string | null) {
  const learner = await signedInUser();
  await setSubscription(learner.user.id, status, endDate);
  return learner;
}

function expectBody(result: Record<string, unknown>): void {
  expect(result.status).toBe('unlocked');
  const body = result.body as {format: string; code: string; imports: Record<string, string>};
  expect(body.format).toBe('mdx3-function-body');
  expect(body.code).toContain(BODY_HEADING);
  expect(body.imports).toEqual({Tabs: '@theme/Tabs', TabItem: '@theme/TabItem'});
}

async function expectNoDirectAccess(client: SupabaseClient): Promise<void> {
  const read = await client.from('lesson_bodies').select('*');
  expect(read.error?.code).toBe('42501');
  expect(read.data).toBeNull();
}

describe('Premium lesson bodies', () => {
  it('anonymous visitors are told to sign in and cannot read the table', async () => {
    const anon = anonClient();
    expect(await answer(anon)).toEqual({status: 'locked', reason: 'visitor'});
    await expectNoDirectAccess(anon);
  });

  it('a free learner is locked out with the reason, through the function and the table', async () => {
    const {client} = await signedInUser();
    expect(await answer(client)).toEqual({status: 'locked', reason: 'no_premium'});
    await expectNoDirectAccess(client);
  });

  it('a Premium learner reads the body through the function, never the table', async () => {
    const {client} = await learnerWith('active', inDays(365));
    expectBody(await answer(client));
    await expectNoDirectAccess(client);
  });

  it('a cancelled subscription still reads until its end date', async () => {
    const {client} = await learnerWith('cancelled', inDays(10));
    expectBody(await answer(client));
  });

  it('expiry is by date alone: once the end date has passed the body is gone, and the answer says when it ended', async () => {
    const learner = await learnerWith('active', inDays(30));
    expectBody(await answer(learner.client));
    const ended = new Date(Date.now() - DAY);
    await setSubscription(learner.user.id, 'active', ended.toISOString());
    const locked = await answer(learner.client);
    expect(locked.status).toBe('locked');
    expect(locked.reason).toBe('lapsed');
    expect(new Date(locked.ended_at as string).getTime()).toBe(ended.getTime());
    expect(JSON.stringify(locked)).not.toContain(BODY_HEADING);
    const cancelledEnded = await learnerWith('cancelled', inDays(-3));
    expect((await answer(cancelledEnded.client)).reason).toBe('lapsed');
  });

  it('admins read bodies without a subscription', async () => {
    const {client} = await signedInUser({appMetadata: {role: 'admin'}});
    expectBody(await answer(client));
  });

  it('learners cannot write bodies or widen their access', async () => {
    const {client, user} = await signedInUser();
    const lessons = await client.from('lessons').select('id').eq('slug', 'meta-analysis');
    const lessonId = (lessons.data as {id: number}[])[0]?.id;
    expect(lessonId).toBeTypeOf('number');
    const insert = await client.from('lesson_bodies').insert({lesson_id: lessonId, format: 'mdx3-function-body', code: 'x', content_hash: 'x'});
    expect(insert.error?.code).toBe('42501');
    const update = await client.from('lesson_bodies').update({code: 'x'}).eq('lesson_id', lessonId as number);
    expect(update.error?.code).toBe('42501');
    const remove = await client.from('lesson_bodies').delete().eq('lesson_id', lessonId as number);
    expect(remove.error?.code).toBe('42501');
    const unlockLesson = await client.from('lessons').update({is_premium: false}).eq('id', lessonId as number);
    expect(unlockLesson.error?.code).toBe('42501');
    const selfUpgrade = await client.from('profiles').update({subscription_status: 'active', subscription_end_date: inDays(365)}).eq('id', user.id);
    expect(selfUpgrade.error?.code).toBe('42501');
    expect(await answer(client)).toEqual({status: 'locked', reason: 'no_premium'});
    // The service role still has the body: nothing above changed it.
    const stored = await serviceClient().from('lesson_bodies').select('code').eq('lesson_id', lessonId as number).single();
    expect((stored.data as {code: string}).code).toContain(BODY_HEADING);
  });

  it('marks every answer private and not storable, so no shared cache keeps a body', async () => {
    const {session} = await learnerWith('active', inDays(365));
    const {url, anonKey} = backend();
    const response = await fetch(`${url}/rest/v1/rpc/get_premium_lesson`, {
      method: 'POST',
      headers: {apikey: anonKey, authorization: `Bearer ${session.access_token}`, 'content-type': 'application/json'},
      body: JSON.stringify(LESSON),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(((await response.json()) as {status: string}).status).toBe('unlocked');
  });

  it('refuses unknown lessons and free lessons with PostgREST errors', async () => {
    const {client} = await learnerWith('active', inDays(365));
    const unknown = await client.rpc('get_premium_lesson', {p_course_slug: 'systematic-review', p_lesson_slug: 'no-such-lesson'});
    expect(unknown.error?.code).toBe('PT404');
    expect(unknown.status).toBe(404);
    const free = await client.rpc('get_premium_lesson', {p_course_slug: 'data-analysis', p_lesson_slug: 'overview'});
    expect(free.error?.code).toBe('22023');
    expect(free.status).toBe(400);
  });
});

// Progress rows are the learner's own, but what they claim is checked in Postgres: time credited
// is bounded by the time that has passed, dates are the server's, and Premium lessons need Premium.
import {describe, expect, it} from 'vitest';
import type {SupabaseClient} from '@supabase/supabase-js';
import {anHourSinceLastClaim} from '../../scripts/lib/databaseQuery';
import {backend, serviceClient, signedInUser} from './clients';

let counter = 0;

/** A course of free lessons l1…ln, plus a Premium lesson `locked` when asked. */
async function course(lessons: number, withPremium = false): Promise<{id: number; slug: string; lessonIds: number[]; premiumId: number | null}> {
  const admin = serviceClient();
  counter += 1;
  const slug = `guards-${Date.now()}-${counter}-${Math.floor(Math.random() * 1e6)}`;
  const created = await admin.from('courses').insert({slug, title: `Guards ${counter}`, order_index: 2000 + counter}).select('id').single();
  if (created.error) throw created.error;
  const id = (created.data as {id: number}).id;
  const rows = Array.from({length: lessons}, (_, i) => ({course_id: id, slug: `l${i + 1}`, title: `Lesson ${i + 1}`, order_index: i + 1, is_premium: false}));
  if (withPremium) rows.push({course_id: id, slug: 'locked', title: 'Locked', order_index: lessons + 1, is_premium: true});
  const inserted = await admin.from('lessons').insert(rows).select('id, is_premium').order('order_index');
  if (inserted.error) throw inserted.error;
  const all = inserted.data as {id: number; is_premium: boolean}[];
  return {id, slug, lessonIds: all.filter((l) => !l.is_premium).map((l) => l.id), premiumId: all.find((l) => l.is_premium)?.id ?? null};
}

const track = (client: SupabaseClient, courseSlug: string, lessonSlug: string, seconds: number, completed: boolean | null = null) =>
  client.rpc('track_lesson_progress', {p_course_slug: courseSlug, p_lesson_slug: lessonSlug, p_seconds: seconds, p_completed: completed});

async function totalTime(client: SupabaseClient): Promise<number> {
  const {data, error} = await client.from('user_lesson_progress').select('time_spent');
  if (error) throw error;
  return (data as {time_spent: number}[]).reduce((sum, r) => sum + r.time_spent, 0);
}

describe('time credited', () => {
  it('credits nothing on a learner\u2019s first write and never more than has passed, across lessons', async () => {
    const {client} = await signedInUser();
    const c = await course(3);
    const first = await track(client, c.slug, 'l1', 120);
    expect(first.error).toBeNull();
    expect(await totalTime(client)).toBe(0);

    const started = Date.now();
    const calls = await Promise.all(Array.from({length: 30}, (_, i) => track(client, c.slug, `l${(i % 3) + 1}`, 6)));
    expect(calls.every((r) => r.error === null)).toBe(true);
    const elapsed = Math.ceil((Date.now() - started) / 1000) + 1;
    expect(await totalTime(client)).toBeLessThanOrEqual(elapsed);
  });

  it('a write that claims no time (a visit, a completion) leaves the seconds another lesson is about to send', async () => {
    const {client, user} = await signedInUser();
    const c = await course(3);
    expect((await track(client, c.slug, 'l1', 0)).error).toBeNull();
    // The learner stays on l1 for an hour. Leaving it by a link: the visit to l2 (a new row) and
    // a completion elsewhere land before l1's keepalive send of its 2 seconds.
    await anHourSinceLastClaim(backend(), user.id);
    expect((await track(client, c.slug, 'l2', 0)).error).toBeNull();
    expect((await track(client, c.slug, 'l3', 0, true)).error).toBeNull();
    expect((await track(client, c.slug, 'l1', 2)).error).toBeNull();
    expect(await totalTime(client)).toBe(2);
    // The claim moved the clock: the same seconds cannot be claimed again from another lesson.
    expect((await track(client, c.slug, 'l2', 2)).error).toBeNull();
    expect(await totalTime(client)).toBe(2);
  });

  it('holds direct inserts and updates to the same bound', async () => {
    const {client, user} = await signedInUser();
    const c = await course(2);
    expect((await track(client, c.slug, 'l1', 0)).error).toBeNull();
    const started = Date.now();
    const inserted = await client
      .from('user_lesson_progress')
      .insert({user_id: user.id, lesson_id: c.lessonIds[1], course_id: c.id, time_spent: 100_000})
      .select('time_spent')
      .single();
    expect(inserted.error).toBeNull();
    const updated = await client.from('user_lesson_progress').update({time_spent: 100_000}).eq('course_id', c.id).select('time_spent');
    expect(updated.error).toBeNull();
    const elapsed = Math.ceil((Date.now() - started) / 1000) + 1;
    expect(await totalTime(client)).toBeLessThanOrEqual(elapsed);
  });
});

describe('dates', () => {
  it('keeps user_course_progress.last_accessed_at and started_at out of the learner\u2019s hands', async () => {
    const {client} = await signedInUser();
    const c = await course(1);
    expect((await track(client, c.slug, 'l1', 0)).error).toBeNull();
    const read = async () =>
      (await client.from('user_course_progress').select('started_at, last_accessed_at').eq('course_id', c.id).single()).data as {
        started_at: string;
        last_accessed_at: string;
      };
    const before = await read();

    const future = await client.from('user_course_progress').update({last_accessed_at: '2999-01-01T00:00:00Z'}).eq('course_id', c.id).select();
    expect(future.error).toBeNull();
    expect(new Date((await read()).last_accessed_at).getFullYear()).toBeLessThan(2999);

    const past = await client
      .from('user_course_progress')
      .update({last_accessed_at: '2000-01-01T00:00:00Z', started_at: '2000-01-01T00:00:00Z'})
      .eq('course_id', c.id)
      .select();
    expect(past.error).toBeNull();
    const after = await read();
    expect(new Date(after.last_accessed_at).getTime()).toBeGreaterThanOrEqual(new Date(before.last_accessed_at).getTime());
    expect(after.started_at).toBe(before.started_at);
  });
});

describe('Premium lessons', () => {
  it('refuses progress on a Premium lesson for a free learner, through the RPC and direct writes', async () => {
    const {client, user} = await signedInUser();
    const c = await course(1, true);
    const rpc = await track(client, c.slug, 'locked', 0, true);
    expect(rpc.status).toBe(403);
    expect(rpc.error).toMatchObject({code: '42501', message: 'Premium lesson'});
    const direct = await client.from('user_lesson_progress').insert({user_id: user.id, lesson_id: c.premiumId, course_id: c.id, is_completed: true});
    expect(direct.error).toMatchObject({code: '42501', message: 'Premium lesson'});
    expect((await client.from('user_lesson_progress').select('id').eq('course_id', c.id)).data).toEqual([]);

    // Completing every free lesson leaves the course short of 100 %.
    const free = await track(client, c.slug, 'l1', 0, true);
    expect(free.error).toBeNull();
    expect((free.data as {progress_percentage: number}).progress_percentage).toBe(50);
  });

  it('records progress on a Premium lesson for a Premium learner', async () => {
    const {client, user} = await signedInUser();
    const premium = await serviceClient()
      .from('profiles')
      .update({subscription_status: 'active', subscription_end_date: new Date(Date.now() + 86_400_000).toISOString()})
      .eq('id', user.id);
    expect(premium.error).toBeNull();
    const c = await course(1, true);
    expect((await track(client, c.slug, 'l1', 0, true)).error).toBeNull();
    const locked = await track(client, c.slug, 'locked', 0, true);
    expect(locked.error).toBeNull();
    expect((locked.data as {progress_percentage: number}).progress_percentage).toBe(100);
  });
});

// Progress against a real local-supabase through supabase-js and the site's own progress service:
// the course percentage, inactive lessons, the tracking errors, concurrent writers, time limits
// and row-level security. Each test makes its own throwaway course with the service role, so
// the seeded catalog other suites rely on is never changed.
import {describe, expect, it} from 'vitest';
import type {SupabaseClient} from '@supabase/supabase-js';
import {anonClient, backend, serviceClient, signedInUser} from './clients';
import {deriveProgress, loadProgressData, trackLesson, TRACKING_ERRORS, type CourseProgressRow} from '../../src/lib/progress';

let courseCounter = 0;

/** A course with `lessons` active lessons (slugs l1…ln), created with the service role. */
async function throwawayCourse(lessons: number): Promise<{id: number; slug: string; lessonIds: number[]}> {
  const admin = serviceClient();
  courseCounter += 1;
  const slug = `throwaway-${Date.now()}-${courseCounter}-${Math.floor(Math.random() * 1e6)}`;
  const course = await admin
    .from('courses')
    .insert({slug, title: `Throwaway ${courseCounter}`, order_index: 1000 + courseCounter})
    .select('id')
    .single();
  if (course.error) throw course.error;
  const id = (course.data as {id: number}).id;
  const rows = Array.from({length: lessons}, (_, i) => ({course_id: id, slug: `l${i + 1}`, title: `Lesson ${i + 1}`, order_index: i + 1}));
  const inserted = await admin.from('lessons').insert(rows).select('id, order_index').order('order_index');
  if (inserted.error) throw inserted.error;
  return {id, slug, lessonIds: (inserted.data as {id: number}[]).map((r) => r.id)};
}

async function ok(promise: ReturnType<typeof trackLesson>): Promise<CourseProgressRow> {
  const result = await promise;
  if (result.error !== null) throw new Error(result.error);
  return result.data;
}

async function lessonRows(client: SupabaseClient, courseId: number) {
  const {data, error} = await client.from('user_lesson_progress').select('*').eq('course_id', courseId).order('lesson_id');
  if (error) throw error;
  return data as {lesson_id: number; is_completed: boolean; completed_at: string | null; time_spent: number; user_id: string}[];
}

async function courseRow(client: SupabaseClient, courseId: number) {
  const {data, error} = await client.from('user_course_progress').select('*').eq('course_id', courseId).maybeSingle();
  if (error) throw error;
  return data as (CourseProgressRow & {user_id: string}) | null;
}

describe('course percentage', () => {
  it('is 0 until lessons are completed, exact in between, 100 with completed_at, and drops back when un-completed', async () => {
    const {client} = await signedInUser();
    const course = await throwawayCourse(3);
    const at = (lessonSlug: string, completed?: boolean) => trackLesson(client, {courseSlug: course.slug, lessonSlug, completed});

    const opened = await ok(at('l1'));
    expect(opened.progress_percentage).toBe(0);
    expect(opened.completed_at).toBeNull();
    expect(opened.started_at).toBeTruthy();

    expect((await ok(at('l1', true))).progress_percentage).toBe(33.33);
    expect((await ok(at('l2', true))).progress_percentage).toBe(66.67);
    const done = await ok(at('l3', true));
    expect(done.progress_percentage).toBe(100);
    expect(done.completed_at).not.toBeNull();
    expect(done.started_at).toBe(opened.started_at);

    // Visiting a lesson again (no completion flag) keeps it completed.
    expect((await ok(at('l2'))).progress_percentage).toBe(100);

    const undone = await ok(at('l2', false));
    expect(undone.progress_percentage).toBe(66.67);
    expect(undone.completed_at).toBeNull();
    const rows = await lessonRows(client, course.id);
    expect(rows.map((r) => r.is_completed)).toEqual([true, false, true]);
    expect(rows[1]?.completed_at).toBeNull();
    expect(rows[0]?.completed_at).not.toBeNull();

    // The stored row and what the site derives from the loaded data agree.
    const stored = await courseRow(client, course.id);
    expect(stored?.progress_percentage).toBe(66.67);
    const loaded = await loadProgressData(client);
    if (loaded.error !== null) throw new Error(loaded.error);
    const summary = deriveProgress(loaded.data);
    expect(summary.bySlug[course.slug]).toMatchObject({percentage: 66.67, completedLessons: 2, totalLessons: 3, completed: false});
    expect(summary.bySlug[course.slug]?.nextLesson?.slug).toBe('l2');
  });

  it('counts only active lessons', async () => {
    const {client} = await signedInUser();
    const course = await throwawayCourse(3);
    expect((await ok(trackLesson(client, {courseSlug: course.slug, lessonSlug: 'l1', completed: true}))).progress_percentage).toBe(33.33);
    await ok(trackLesson(client, {courseSlug: course.slug, lessonSlug: 'l3', completed: false}));

    const admin = serviceClient();
    const off = await admin.from('lessons').update({is_active: false}).eq('id', course.lessonIds[2]);
    expect(off.error).toBeNull();

    // The next write recomputes over the two active lessons; the inactive one cannot be tracked.
    expect((await ok(trackLesson(client, {courseSlug: course.slug, lessonSlug: 'l1'}))).progress_percentage).toBe(50);
    const hidden = await trackLesson(client, {courseSlug: course.slug, lessonSlug: 'l3', completed: true});
    expect(hidden.error).toBe(TRACKING_ERRORS.lessonNotFound);

    const loaded = await loadProgressData(client);
    if (loaded.error !== null) throw new Error(loaded.error);
    const status = deriveProgress(loaded.data).bySlug[course.slug];
    expect(status).toMatchObject({totalLessons: 2, completedLessons: 1, percentage: 50});

    // Completing the remaining active lesson completes the course.
    const done = await ok(trackLesson(client, {courseSlug: course.slug, lessonSlug: 'l2', completed: true}));
    expect(done.progress_percentage).toBe(100);
    expect(done.completed_at).not.toBeNull();
  });
});

describe('tracking errors', () => {
  it('rejects unknown course and lesson slugs with the specified errors and a 400', async () => {
    const {client} = await signedInUser();
    const course = await throwawayCourse(1);
    const noCourse = await client.rpc('track_lesson_progress', {p_course_slug: 'no-such-course', p_lesson_slug: 'l1', p_seconds: 0, p_completed: null});
    expect(noCourse.error?.message).toBe('Course not found');
    expect(noCourse.status).toBe(400);
    const noLesson = await client.rpc('track_lesson_progress', {p_course_slug: course.slug, p_lesson_slug: 'no-such-lesson', p_seconds: 0, p_completed: true});
    expect(noLesson.error?.message).toBe('Lesson not found');
    expect(noLesson.status).toBe(400);

    // A lesson slug that exists, but in another course.
    expect((await trackLesson(client, {courseSlug: course.slug, lessonSlug: 'research-question'})).error).toBe(TRACKING_ERRORS.lessonNotFound);
    expect((await trackLesson(client, {courseSlug: 'no-such-course', lessonSlug: 'l1'})).error).toBe(TRACKING_ERRORS.courseNotFound);
    // Nothing was written.
    expect(await lessonRows(client, course.id)).toEqual([]);
    expect(await courseRow(client, course.id)).toBeNull();
  });

  it('requires a signed-in user', async () => {
    const course = await throwawayCourse(1);
    const anon = anonClient();
    const result = await trackLesson(anon, {courseSlug: course.slug, lessonSlug: 'l1', completed: true});
    expect(result.error).toBe(TRACKING_ERRORS.notAuthenticated);
    const raw = await anon.rpc('track_lesson_progress', {p_course_slug: course.slug, p_lesson_slug: 'l1'});
    expect(raw.error?.message).toBe('User not authenticated');
    expect(raw.status).toBe(401);
  });
});

describe('time spent', () => {
  it('only grows and no call adds more than the time that can have passed', async () => {
    const {client, user} = await signedInUser();
    const course = await throwawayCourse(1);
    // A learner's first write is credited nothing; later ones at most the time since the last write.
    await ok(trackLesson(client, {courseSlug: course.slug, lessonSlug: 'l1', seconds: 100_000}));
    let [row] = await lessonRows(client, course.id);
    expect(row?.time_spent).toBe(0);

    const started = Date.now();
    await ok(trackLesson(client, {courseSlug: course.slug, lessonSlug: 'l1', seconds: 3600}));
    [row] = await lessonRows(client, course.id);
    expect(row?.time_spent).toBeLessThanOrEqual(Math.ceil((Date.now() - started) / 1000) + 1);

    await ok(trackLesson(client, {courseSlug: course.slug, lessonSlug: 'l1', seconds: -500}));
    const before = row?.time_spent ?? 0;
    [row] = await lessonRows(client, course.id);
    expect(row?.time_spent).toBe(before);

    // Direct writes are held to the same rules: no shrinking, no inflating.
    const shrink = await client.from('user_lesson_progress').update({time_spent: 0}).eq('course_id', course.id).select('time_spent');
    expect(shrink.error).toBeNull();
    expect((shrink.data as {time_spent: number}[])[0]?.time_spent).toBe(before);
    const inflate = await client.from('user_lesson_progress').update({time_spent: 1_000_000}).eq('course_id', course.id).select('time_spent');
    expect(inflate.error).toBeNull();
    expect((inflate.data as {time_spent: number}[])[0]?.time_spent).toBeLessThanOrEqual(before + Math.ceil((Date.now() - started) / 1000) + 1);
    expect(row?.user_id).toBe(user.id);
  });
});

describe('concurrent updates', () => {
  it('two clients of one learner completing lessons at once end consistent', async () => {
    const first = await signedInUser();
    const second = anonClient();
    const signIn = await second.auth.signInWithPassword({email: first.email, password: first.password});
    expect(signIn.error).toBeNull();
    const course = await throwawayCourse(6);
    const clients = [first.client, second];

    await Promise.all(
      Array.from({length: 6}, (_, i) =>
        ok(trackLesson(clients[i % 2] as SupabaseClient, {courseSlug: course.slug, lessonSlug: `l${i + 1}`, seconds: 3, completed: true})),
      ),
    );
    let stored = await courseRow(first.client, course.id);
    expect(stored?.progress_percentage).toBe(100);
    expect(stored?.completed_at).not.toBeNull();
    expect((await lessonRows(second, course.id)).every((r) => r.is_completed)).toBe(true);

    // Completing and un-completing the same lessons from both sides: whatever wins, the course
    // row matches the lesson rows.
    await Promise.all(
      Array.from({length: 8}, (_, i) =>
        ok(trackLesson(clients[i % 2] as SupabaseClient, {courseSlug: course.slug, lessonSlug: `l${(i % 3) + 1}`, completed: i % 4 < 2})),
      ),
    );
    const rows = await lessonRows(first.client, course.id);
    const completed = rows.filter((r) => r.is_completed).length;
    stored = await courseRow(second, course.id);
    expect(stored?.progress_percentage).toBe(Math.round((10000 * completed) / 6) / 100);
    expect(stored?.completed_at === null).toBe(completed < 6);
    expect(rows).toHaveLength(6);
  });
});

describe('privacy', () => {
  it('nobody can read or write another learner\u2019s progress', async () => {
    const alice = await signedInUser({fullName: 'Alice'});
    const bob = await signedInUser({fullName: 'Bob'});
    const course = await throwawayCourse(2);
    await ok(trackLesson(alice.client, {courseSlug: course.slug, lessonSlug: 'l1', seconds: 30, completed: true}));

    // Bob sees none of Alice's rows, even when asking for them by user id.
    expect((await bob.client.from('user_lesson_progress').select('*').eq('user_id', alice.user.id)).data).toEqual([]);
    expect((await bob.client.from('user_course_progress').select('*').eq('user_id', alice.user.id)).data).toEqual([]);

    // Updates of Alice's rows match nothing; inserts in her name are refused.
    const update = await bob.client.from('user_lesson_progress').update({is_completed: false}).eq('user_id', alice.user.id).select();
    expect(update.data ?? []).toEqual([]);
    const courseUpdate = await bob.client.from('user_course_progress').update({progress_percentage: 0}).eq('user_id', alice.user.id).select();
    expect(courseUpdate.data ?? []).toEqual([]);
    const insert = await bob.client
      .from('user_lesson_progress')
      .insert({user_id: alice.user.id, lesson_id: course.lessonIds[1], course_id: course.id, is_completed: true});
    expect(insert.error?.code).toBe('42501');
    const courseInsert = await bob.client.from('user_course_progress').insert({user_id: alice.user.id, course_id: course.id});
    expect(courseInsert.error).not.toBeNull();

    // Bob's own tracking writes only Bob's rows.
    await ok(trackLesson(bob.client, {courseSlug: course.slug, lessonSlug: 'l2', completed: true}));
    const aliceRows = await lessonRows(alice.client, course.id);
    expect(aliceRows).toHaveLength(1);
    expect(aliceRows[0]).toMatchObject({is_completed: true, user_id: alice.user.id});
    expect((await courseRow(alice.client, course.id))?.progress_percentage).toBe(50);

    // Visitors without a session read nothing.
    const anon = anonClient();
    const anonRead = await anon.from('user_lesson_progress').select('*');
    expect(anonRead.data ?? []).toEqual([]);
    expect(backend().url).toBeTruthy();
  });
});

// `npm run sync:courses` against its own local-supabase (it rewrites the catalog, so it must not
// share the suite's backend): idempotent, and nobody's progress is lost when lessons come and go.
import {execFile} from 'node:child_process';
import path from 'node:path';
import {promisify} from 'node:util';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import type {SupabaseClient} from '@supabase/supabase-js';
import {ROOT, startBackend, type Backend} from './harness';
import {serviceClient, signedInUser, type Target} from './clients';
import {readCatalog} from '../../src/catalog/readCatalog';
import type {DescribedCatalog} from '../../src/catalog/types';
import {isNoop, syncCourses} from '../../scripts/lib/syncCourses';
import {trackLesson} from '../../src/lib/progress';

const run = promisify(execFile);
const catalog = readCatalog(path.join(ROOT, 'docs'));
let server: Backend;
let target: Target;
let admin: SupabaseClient;

beforeAll(async () => {
  server = await startBackend();
  target = {url: server.url, anonKey: server.anonKey, serviceRoleKey: server.serviceRoleKey, mailboxUrl: server.mailboxUrl};
  admin = serviceClient(target);
});

afterAll(async () => {
  await server?.stop();
});

async function lessonsOf(courseSlug: string) {
  const {data, error} = await admin
    .from('lessons')
    .select('slug, title, order_index, is_active, courses!inner(slug)')
    .eq('courses.slug', courseSlug)
    .order('order_index');
  if (error) throw error;
  return data as unknown as {slug: string; title: string; order_index: number; is_active: boolean}[];
}

/** A copy of the catalog whose first course lost its last lesson, gained one, and was retitled and reordered. */
function editedCatalog(): DescribedCatalog {
  const copy = structuredClone(catalog);
  const course = copy.courses[0];
  if (!course) throw new Error('empty catalog');
  course.title = `${course.title} (revised)`;
  const removed = course.lessons.pop();
  if (!removed) throw new Error('course without lessons');
  const first = course.lessons[0];
  if (first) first.title = `${first.title} (revised)`;
  course.lessons.reverse().forEach((l, i) => (l.orderIndex = i + 1));
  course.lessons.push({...removed, slug: 'brand-new-lesson', title: 'Brand new lesson', orderIndex: 99, docId: 'x', permalink: '/x'});
  return copy;
}

describe('sync:courses', () => {
  it('the CLI finds nothing to change on a seeded database, with credentials from the environment', async () => {
    const {stdout} = await run(process.execPath, [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), path.join(ROOT, 'scripts/sync-courses.ts')], {
      cwd: ROOT,
      env: {...process.env, SUPABASE_URL: server.url, SUPABASE_SECRET_KEY: server.secretKey},
    });
    expect(stdout).toContain('already in line: nothing changed');
  });

  it('is idempotent and keeps progress when lessons are removed, renamed, reordered and restored', async () => {
    const course = catalog.courses[0];
    const removed = course?.lessons.at(-1);
    if (!course || !removed) throw new Error('catalog has no lessons');
    expect(isNoop(await syncCourses(admin, catalog))).toBe(true);

    // A learner completes every lesson of the first course.
    const {client} = await signedInUser({target});
    for (const lesson of course.lessons) {
      const result = await trackLesson(client, {courseSlug: course.slug, lessonSlug: lesson.slug, seconds: 10, completed: true});
      expect(result.error).toBeNull();
    }
    const before = await client.from('user_lesson_progress').select('lesson_id, is_completed, time_spent').order('lesson_id');
    expect(before.data).toHaveLength(course.lessons.length);

    const edited = editedCatalog();
    const report = await syncCourses(admin, edited);
    expect(report.coursesUpdated).toEqual([course.slug]);
    expect(report.lessonsAdded).toEqual([`${course.slug}/brand-new-lesson`]);
    expect(report.lessonsDeactivated).toEqual([`${course.slug}/${removed.slug}`]);
    expect(report.lessonsUpdated.length).toBeGreaterThan(0);
    expect(report.progressRecomputed).toBe(1);
    expect(isNoop(await syncCourses(admin, edited))).toBe(true);

    const rows = await lessonsOf(course.slug);
    expect(rows.find((l) => l.slug === removed.slug)).toMatchObject({is_active: false});
    expect(rows.find((l) => l.slug === 'brand-new-lesson')).toMatchObject({is_active: true, order_index: 99});
    expect(rows.filter((l) => l.is_active).map((l) => l.slug)).toEqual(edited.courses[0]?.lessons.map((l) => l.slug));
    const courseRow = await admin.from('courses').select('title').eq('slug', course.slug).single();
    expect((courseRow.data as {title: string}).title).toBe(`${course.title} (revised)`);

    // Progress rows are untouched; the percentage now counts the new set of active lessons.
    const after = await client.from('user_lesson_progress').select('lesson_id, is_completed, time_spent').order('lesson_id');
    expect(after.data).toEqual(before.data);
    const activeCount = course.lessons.length; // one removed, one added
    const pct = await client.from('user_course_progress').select('progress_percentage, completed_at').single();
    expect(pct.data).toEqual({progress_percentage: Math.round((10000 * (activeCount - 1)) / activeCount) / 100, completed_at: null});

    // Back to the real catalog: the lesson returns with its completion, the extra one goes inactive.
    const restore = await syncCourses(admin, catalog);
    expect(restore.lessonsDeactivated).toEqual([`${course.slug}/brand-new-lesson`]);
    expect(isNoop(await syncCourses(admin, catalog))).toBe(true);
    const restored = await client.from('user_course_progress').select('progress_percentage, completed_at').single();
    expect((restored.data as {progress_percentage: number}).progress_percentage).toBe(100);
    expect((restored.data as {completed_at: string | null}).completed_at).not.toBeNull();
    expect((await client.from('user_lesson_progress').select('lesson_id, is_completed, time_spent').order('lesson_id')).data).toEqual(before.data);
  });
});

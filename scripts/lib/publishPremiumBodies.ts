// Publishes Premium lesson bodies: compiles every Premium lesson in docs/ (the build's own
// compiler, plugins/premium-lessons/) and upserts the bodies into public.lesson_bodies with the
// service role. Writes only bodies whose hash changed, and deletes bodies of lessons that are no
// longer Premium, so a second run changes nothing. Run it after syncCourses (lessons must exist).
import type {ServiceClient} from '../../supabase/functions/_shared/supabase';
import {compilePremiumLessons} from '../../plugins/premium-lessons/compileLessons';
import type {CompiledBody} from '../../plugins/premium-lessons/compileBody';
import {rowsOf} from './dbRows';
import type {Tables} from '../../shared/database.types';

export interface PublishReport {
  published: string[];
  unchanged: number;
  removed: string[];
}

type LessonRow = Pick<Tables<'lessons'>, 'id' | 'course_id' | 'slug'>;

export async function publishPremiumBodies(client: ServiceClient, siteDir: string, bodies?: Map<string, CompiledBody>): Promise<PublishReport> {
  const compiled = bodies ?? (await compilePremiumLessons(siteDir));
  const courses = rowsOf(await client.from('courses').select('id, slug'), 'reading courses');
  const courseSlug = new Map(courses.map((c) => [c.id, c.slug]));
  const lessons = rowsOf(await client.from('lessons').select('id, course_id, slug'), 'reading lessons');
  const keyOf = (l: LessonRow) => `${courseSlug.get(l.course_id)}/${l.slug}`;
  const idByKey = new Map(lessons.map((l) => [keyOf(l), l.id]));
  const existing = rowsOf(
    await client.from('lesson_bodies').select('lesson_id, content_hash'),
    'reading lesson bodies',
  );
  const hashById = new Map(existing.map((b) => [b.lesson_id, b.content_hash]));
  const report: PublishReport = {published: [], unchanged: 0, removed: []};
  const rows = [];
  for (const [key, body] of compiled) {
    const lessonId = idByKey.get(key);
    if (lessonId === undefined) throw new Error(`lesson ${key} is not in the database: run the course sync first`);
    if (hashById.get(lessonId) === body.hash) {
      report.unchanged += 1;
      continue;
    }
    rows.push({lesson_id: lessonId, format: body.format, code: body.code, imports: body.imports, content_hash: body.hash});
    report.published.push(key);
  }
  if (rows.length > 0) {
    rowsOf(await client.from('lesson_bodies').upsert(rows, {onConflict: 'lesson_id'}).select('lesson_id'), 'publishing lesson bodies');
  }
  const keep = new Set([...compiled.keys()].map((key) => idByKey.get(key)));
  const stale = existing.filter((b) => !keep.has(b.lesson_id));
  if (stale.length > 0) {
    rowsOf(
      await client
        .from('lesson_bodies')
        .delete()
        .in(
          'lesson_id',
          stale.map((b) => b.lesson_id),
        )
        .select('lesson_id'),
      'removing bodies of lessons that are no longer Premium',
    );
    const keyById = new Map(lessons.map((l) => [l.id, keyOf(l)]));
    report.removed.push(...stale.map((b) => keyById.get(b.lesson_id) ?? `lesson ${b.lesson_id}`));
  }
  return report;
}

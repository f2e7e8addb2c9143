// Brings the courses and lessons of a running database (hosted or local) in line with the
// course catalog, through the API with the service role: new ones inserted, changed titles,
// descriptions, order and Premium flags updated, ones missing from the catalog set inactive
// (never deleted, so nobody's progress is lost), and learners' stored course percentages
// recomputed where the set of active lessons changed. Writes only what differs, so a second run
// changes nothing.
import type {ServiceClient} from '../../supabase/functions/_shared/supabase';
import type {DescribedCatalog} from '../../src/catalog/types';
import {rowOf, rowsOf} from './dbRows';

export interface SyncReport {
  coursesAdded: string[];
  coursesUpdated: string[];
  coursesDeactivated: string[];
  lessonsAdded: string[];
  lessonsUpdated: string[];
  lessonsDeactivated: string[];
  /** Learners' course rows whose percentage was recomputed. */
  progressRecomputed: number;
}

export function isNoop(report: SyncReport): boolean {
  return Object.values(report).every((v) => (Array.isArray(v) ? v.length === 0 : v === 0));
}

export async function syncCourses(client: ServiceClient, catalog: DescribedCatalog): Promise<SyncReport> {
  const report: SyncReport = {
    coursesAdded: [],
    coursesUpdated: [],
    coursesDeactivated: [],
    lessonsAdded: [],
    lessonsUpdated: [],
    lessonsDeactivated: [],
    progressRecomputed: 0,
  };
  const existingCourses = rowsOf(
    await client.from('courses').select('id, slug, title, description, is_active, order_index'),
    'reading courses',
  );
  const existingLessons = rowsOf(
    await client.from('lessons').select('id, course_id, slug, title, description, is_active, order_index, is_premium'),
    'reading lessons',
  );
  const coursesBySlug = new Map(existingCourses.map((c) => [c.slug, c]));
  /** Courses whose set of active lessons changed: their learners' percentages are recomputed. */
  const lessonSetChanged = new Set<number>();

  for (const course of catalog.courses) {
    const wanted = {slug: course.slug, title: course.title, description: course.description, order_index: course.orderIndex, is_active: true};
    let row = coursesBySlug.get(course.slug);
    if (!row) {
      row = rowOf(
        await client.from('courses').insert(wanted).select('id, slug, title, description, is_active, order_index').single(),
        `adding course ${course.slug}`,
      );
      report.coursesAdded.push(course.slug);
    } else if (
      row.title !== wanted.title ||
      row.description !== wanted.description ||
      row.order_index !== wanted.order_index ||
      !row.is_active
    ) {
      rowsOf(await client.from('courses').update(wanted).eq('id', row.id).select('id'), `updating course ${course.slug}`);
      report.coursesUpdated.push(course.slug);
    }
    const courseId = row.id;

    const lessonsBySlug = new Map(existingLessons.filter((l) => l.course_id === courseId).map((l) => [l.slug, l]));
    const keep = new Set<string>();
    for (const lesson of course.lessons) {
      keep.add(lesson.slug);
      const wantedLesson = {
        course_id: courseId,
        slug: lesson.slug,
        title: lesson.title,
        description: lesson.description,
        order_index: lesson.orderIndex,
        is_premium: lesson.isPremium,
        is_active: true,
      };
      const current = lessonsBySlug.get(lesson.slug);
      const name = `${course.slug}/${lesson.slug}`;
      if (!current) {
        rowsOf(await client.from('lessons').insert(wantedLesson).select('id'), `adding lesson ${name}`);
        report.lessonsAdded.push(name);
        lessonSetChanged.add(courseId);
      } else if (
        current.title !== wantedLesson.title ||
        current.description !== wantedLesson.description ||
        current.order_index !== wantedLesson.order_index ||
        current.is_premium !== wantedLesson.is_premium ||
        !current.is_active
      ) {
        rowsOf(await client.from('lessons').update(wantedLesson).eq('id', current.id).select('id'), `updating lesson ${name}`);
        report.lessonsUpdated.push(name);
        if (!current.is_active) lessonSetChanged.add(courseId);
      }
    }
    const gone = [...lessonsBySlug.values()].filter((l) => l.is_active && !keep.has(l.slug));
    if (gone.length > 0) {
      rowsOf(
        await client
          .from('lessons')
          .update({is_active: false})
          .in(
            'id',
            gone.map((l) => l.id),
          )
          .select('id'),
        `deactivating lessons of ${course.slug}`,
      );
      report.lessonsDeactivated.push(...gone.map((l) => `${course.slug}/${l.slug}`));
      lessonSetChanged.add(courseId);
    }
  }

  const catalogSlugs = new Set(catalog.courses.map((c) => c.slug));
  const goneCourses = existingCourses.filter((c) => c.is_active && !catalogSlugs.has(c.slug));
  if (goneCourses.length > 0) {
    rowsOf(
      await client
        .from('courses')
        .update({is_active: false})
        .in(
          'id',
          goneCourses.map((c) => c.id),
        )
        .select('id'),
      'deactivating courses',
    );
    report.coursesDeactivated.push(...goneCourses.map((c) => c.slug));
  }

  if (lessonSetChanged.size > 0) {
    // Any update of a course-progress row makes its guard trigger recompute the percentage (and
    // completed_at) over the now-active lessons; the value written here is replaced.
    const touched = rowsOf(
      await client
        .from('user_course_progress')
        .update({progress_percentage: 0})
        .in('course_id', [...lessonSetChanged])
        .select('id'),
      'recomputing course progress',
    );
    report.progressRecomputed = touched.length;
  }
  return report;
}

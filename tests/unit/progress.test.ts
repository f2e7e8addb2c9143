// The progress service's pure parts: stats derivation, error texts, RPC arguments, the
// leave-the-page beacon, and how catalog and progress are joined.
import {afterEach, describe, expect, it, vi} from 'vitest';
import {
  coursePercentage,
  deriveProgress,
  LOAD_FAILED,
  loadProgressData,
  progressErrorMessage,
  rpcArgs,
  SAVE_FAILED,
  sendProgressBeacon,
  trackLesson,
  type ProgressData,
} from '../../src/lib/progress';
import {formatPercent} from '../../src/lib/formatPercent';
import {NETWORK_ERROR} from '../../src/lib/data/errorText';
import {completedDocIds, continueLesson, findDocEntry, lessonNeighbours} from '../../src/lib/progressCatalog';
import type {CourseCatalog} from '../../src/catalog/types';
import type {SupabaseClient} from '@supabase/supabase-js';

const data: ProgressData = {
  courses: [
    {id: 2, slug: 'second', title: 'Second', order_index: 2},
    {id: 1, slug: 'first', title: 'First', order_index: 1},
    {id: 3, slug: 'third', title: 'Third', order_index: 3},
  ],
  lessons: [
    {id: 11, course_id: 1, slug: 'a', title: 'A', order_index: 1},
    {id: 12, course_id: 1, slug: 'b', title: 'B', order_index: 2},
    {id: 13, course_id: 1, slug: 'c', title: 'C', order_index: 3},
    {id: 21, course_id: 2, slug: 'x', title: 'X', order_index: 1},
    {id: 31, course_id: 3, slug: 'y', title: 'Y', order_index: 2},
    {id: 32, course_id: 3, slug: 'z', title: 'Z', order_index: 1},
  ],
  courseProgress: [
    {course_id: 1, progress_percentage: 66.67, started_at: '2026-01-01T00:00:00Z', completed_at: null, last_accessed_at: '2026-01-03T00:00:00Z'},
    {course_id: 2, progress_percentage: 100, started_at: '2026-01-01T00:00:00Z', completed_at: '2026-01-02T00:00:00Z', last_accessed_at: '2026-01-02T00:00:00Z'},
  ],
  lessonProgress: [
    {lesson_id: 11, course_id: 1, time_spent: 100, is_completed: true, last_accessed_at: '2026-01-01T10:00:00Z', completed_at: '2026-01-01T10:00:00Z'},
    {lesson_id: 12, course_id: 1, time_spent: 50, is_completed: false, last_accessed_at: '2026-01-03T10:00:00Z', completed_at: null},
    {lesson_id: 13, course_id: 1, time_spent: 29, is_completed: true, last_accessed_at: '2026-01-02T10:00:00Z', completed_at: '2026-01-02T10:00:00Z'},
    {lesson_id: 21, course_id: 2, time_spent: 60, is_completed: true, last_accessed_at: '2026-01-02T09:00:00Z', completed_at: '2026-01-02T09:00:00Z'},
    // A lesson that is no longer active (not in `lessons`): neither its time nor its completion counts.
    {lesson_id: 99, course_id: 1, time_spent: 10_000, is_completed: true, last_accessed_at: '2026-01-04T00:00:00Z', completed_at: null},
  ],
};

describe('deriveProgress', () => {
  const summary = deriveProgress(data);

  it('derives the stats', () => {
    expect(summary.stats).toEqual({
      totalCourses: 3,
      coursesStarted: 2,
      coursesCompleted: 1,
      lessonsCompleted: 3,
      totalLessons: 6,
      totalMinutes: 3, // floor((100 + 50 + 29 + 60) / 60) = floor(239 / 60)
    });
  });

  it('orders courses and lessons and computes each course', () => {
    expect(summary.courses.map((c) => c.slug)).toEqual(['first', 'second', 'third']);
    expect(summary.bySlug.third?.lessons.map((l) => l.slug)).toEqual(['z', 'y']);
    expect(summary.bySlug.first).toMatchObject({totalLessons: 3, completedLessons: 2, percentage: 66.67, started: true, completed: false});
    expect(summary.bySlug.first?.nextLesson?.slug).toBe('b');
    expect(summary.bySlug.second).toMatchObject({percentage: 100, completed: true, nextLesson: null});
    expect(summary.bySlug.third).toMatchObject({percentage: 0, started: false, completed: false, lastAccessedAt: null});
  });

  it('lists recently accessed lessons, newest first, only active ones', () => {
    expect(summary.recent.map((r) => `${r.courseSlug}/${r.lessonSlug}`)).toEqual(['first/b', 'first/c', 'second/x', 'first/a']);
    expect(deriveProgress(data, 2).recent).toHaveLength(2);
    expect(summary.recent[0]).toMatchObject({courseTitle: 'First', lessonTitle: 'B', completed: false});
  });

  it('gives zeros for a learner with no progress and for no data at all', () => {
    const empty = deriveProgress({...data, courseProgress: [], lessonProgress: []});
    expect(empty.stats).toEqual({totalCourses: 3, coursesStarted: 0, coursesCompleted: 0, lessonsCompleted: 0, totalLessons: 6, totalMinutes: 0});
    expect(deriveProgress({courses: [], lessons: [], courseProgress: [], lessonProgress: []}).stats.totalCourses).toBe(0);
  });

  it('floors minutes: 59 s is 0 min, 60 s is 1 min', () => {
    const one = (seconds: number) =>
      deriveProgress({...data, lessonProgress: [{...data.lessonProgress[0]!, time_spent: seconds}]}).stats.totalMinutes;
    expect(one(59)).toBe(0);
    expect(one(60)).toBe(1);
    expect(one(119)).toBe(1);
  });
});

describe('percentages', () => {
  it('rounds to two places like the database', () => {
    expect(coursePercentage(0, 3)).toBe(0);
    expect(coursePercentage(1, 3)).toBe(33.33);
    expect(coursePercentage(2, 3)).toBe(66.67);
    expect(coursePercentage(3, 3)).toBe(100);
    expect(coursePercentage(0, 0)).toBe(0);
  });

  it('shows whole numbers and never 100 % before the end', () => {
    expect(formatPercent(66.67)).toBe('67%');
    expect(formatPercent(99.6)).toBe('99%');
    expect(formatPercent(100)).toBe('100%');
    expect(formatPercent(0)).toBe('0%');
  });
});

describe('progressErrorMessage', () => {
  it('shows the tracking errors by their own words', () => {
    expect(progressErrorMessage({message: 'User not authenticated', code: '42501'})).toBe('User not authenticated');
    expect(progressErrorMessage({message: 'Course not found', code: 'P0001'})).toBe('Course not found');
    expect(progressErrorMessage({message: 'Lesson not found', code: 'P0001'})).toBe('Lesson not found');
  });

  it('treats a refused function call without a session as not signed in', () => {
    expect(progressErrorMessage({message: 'permission denied for function track_lesson_progress', code: '42501'})).toBe(
      'User not authenticated',
    );
  });

  it('names network failures', () => {
    expect(progressErrorMessage(new TypeError('Failed to fetch'))).toBe(NETWORK_ERROR);
    expect(progressErrorMessage({message: 'TypeError: NetworkError when attempting to fetch resource.'})).toBe(NETWORK_ERROR);
  });

  it("otherwise shows the backend's own message, or a fallback", () => {
    expect(progressErrorMessage({message: 'JWT expired', code: 'PGRST303'})).toBe('JWT expired');
    expect(progressErrorMessage({message: ''})).toBe(SAVE_FAILED);
    expect(progressErrorMessage(null, LOAD_FAILED)).toBe(LOAD_FAILED);
    expect(progressErrorMessage('plain text')).toBe('plain text');
  });
});

describe('calls', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('builds the RPC arguments in whole, non-negative seconds', () => {
    expect(rpcArgs({courseSlug: 'c', lessonSlug: 'l'})).toEqual({p_course_slug: 'c', p_lesson_slug: 'l', p_seconds: 0});
    expect(rpcArgs({courseSlug: 'c', lessonSlug: 'l', seconds: 12.9, completed: false})).toMatchObject({p_seconds: 12, p_completed: false});
    expect(rpcArgs({courseSlug: 'c', lessonSlug: 'l', seconds: -3, completed: true})).toMatchObject({p_seconds: 0, p_completed: true});
  });

  it('sends the leave-the-page update as a keepalive fetch with the session token', () => {
    const fetchMock = vi.fn(() => Promise.resolve(new Response(null, {status: 204})));
    vi.stubGlobal('fetch', fetchMock);
    expect(sendProgressBeacon({supabaseUrl: 'http://api.test/', publishableKey: 'sb_publishable_test', accessToken: 'tok'}, {courseSlug: 'c', lessonSlug: 'l', seconds: 7})).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('http://api.test/rest/v1/rpc/track_lesson_progress');
    expect(init.keepalive).toBe(true);
    expect(init.method).toBe('POST');
    expect(init.headers).toMatchObject({apikey: 'sb_publishable_test', Authorization: 'Bearer tok'});
    expect(JSON.parse(init.body as string)).toEqual({p_course_slug: 'c', p_lesson_slug: 'l', p_seconds: 7});
  });

  it('turns RPC results and failures into typed results', async () => {
    const rpc = vi
      .fn()
      .mockResolvedValueOnce({data: {course_id: 1, progress_percentage: 33.33, started_at: 's', completed_at: null, last_accessed_at: 'l'}, error: null})
      .mockResolvedValueOnce({data: null, error: {message: 'Lesson not found', code: 'P0001'}})
      .mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const client = {rpc} as unknown as SupabaseClient;
    const ok = await trackLesson(client, {courseSlug: 'c', lessonSlug: 'l', completed: true});
    expect(ok).toEqual({data: expect.objectContaining({progress_percentage: 33.33}), error: null});
    expect(rpc).toHaveBeenCalledWith('track_lesson_progress', {p_course_slug: 'c', p_lesson_slug: 'l', p_seconds: 0, p_completed: true});
    expect(await trackLesson(client, {courseSlug: 'c', lessonSlug: 'l'})).toEqual({data: null, error: 'Lesson not found'});
    expect(await trackLesson(client, {courseSlug: 'c', lessonSlug: 'l'})).toEqual({data: null, error: NETWORK_ERROR});
  });

  it('reports a failed load as an error, not as empty progress', async () => {
    const builder = (result: unknown) => {
      const b = {select: () => b, order: () => b, then: (resolve: (v: unknown) => unknown) => Promise.resolve(result).then(resolve)};
      return b;
    };
    const client = {
      from: (table: string) =>
        builder(table === 'lessons' ? {data: null, error: {message: 'permission denied for table lessons', code: '42501'}} : {data: [], error: null}),
    } as unknown as SupabaseClient;
    expect(await loadProgressData(client)).toEqual({data: null, error: 'permission denied for table lessons'});
  });
});

describe('catalog join', () => {
  const catalog: CourseCatalog = {
    courses: [
      {
        slug: 'first',
        title: 'First',
        orderIndex: 1,
        docId: 'modules/first/index',
        permalink: '/docs/modules/first/',
        lessons: ['a', 'b', 'c'].map((slug, i) => ({
          slug,
          title: slug.toUpperCase(),
          orderIndex: i + 1,
          isPremium: false,
          docId: `modules/first/${slug}`,
          permalink: `/docs/modules/first/${slug}`,
          wordCount: 100,
        })),
      },
    ],
  };
  const course = catalog.courses[0]!;
  const summary = deriveProgress(data);

  it('finds lessons and course landing pages by doc id', () => {
    expect(findDocEntry(catalog, 'modules/first/index')).toEqual({kind: 'course', course});
    expect(findDocEntry(catalog, 'modules/first/b')).toMatchObject({kind: 'lesson', index: 1, lesson: {slug: 'b'}});
    expect(findDocEntry(catalog, 'intro')).toBeNull();
  });

  it('gives previous/next lessons within the course', () => {
    expect(lessonNeighbours(course, 0)).toMatchObject({previous: null, next: {slug: 'b'}});
    expect(lessonNeighbours(course, 2)).toMatchObject({previous: {slug: 'b'}, next: null});
  });

  it('continues at the first unfinished lesson', () => {
    expect(continueLesson(course, summary.bySlug.first)?.slug).toBe('b');
    expect(continueLesson(course, undefined)?.slug).toBe('a');
    const allDone = {...summary.bySlug.first!, lessons: summary.bySlug.first!.lessons.map((l) => ({...l, completed: true}))};
    expect(continueLesson(course, allDone)).toBeNull();
  });

  it('lists completed lessons as doc ids for the sidebar', () => {
    expect([...completedDocIds(summary)].sort()).toEqual(['modules/first/a', 'modules/first/c', 'modules/second/x']);
    expect(completedDocIds(summary)).toBe(completedDocIds(summary));
  });
});

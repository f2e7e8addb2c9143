// Progress service: the one place that talks to Supabase about courses, lessons and a learner's
// progress. It turns supabase-js calls into typed results and the texts the UI shows, and derives
// the numbers every progress view displays with one pure function, so the lesson page, the
// course pages, /modules, /progress and the sidebar can never disagree.
import {errorMessage} from './data/errorText';
import type {Tables} from '../../shared/database.types';
import type {DatabaseClient} from './supabase';
import type {Result} from './data/result';

// The columns each progress view reads, as the generated schema types them.
export type CourseRow = Pick<Tables<'courses'>, 'id' | 'slug' | 'title' | 'order_index'>;
export type LessonRow = Pick<Tables<'lessons'>, 'id' | 'course_id' | 'slug' | 'title' | 'order_index'>;
export type CourseProgressRow = Pick<Tables<'user_course_progress'>, 'course_id' | 'progress_percentage' | 'started_at' | 'completed_at' | 'last_accessed_at'>;
export type LessonProgressRow = Pick<Tables<'user_lesson_progress'>, 'lesson_id' | 'course_id' | 'time_spent' | 'is_completed' | 'last_accessed_at' | 'completed_at'>;

/** Everything the progress views need, as loaded for the signed-in learner. */
export interface ProgressData {
  courses: CourseRow[];
  lessons: LessonRow[];
  courseProgress: CourseProgressRow[];
  lessonProgress: LessonProgressRow[];
}


// ---------------------------------------------------------------------------------------------
// Error texts

/** The errors the database raises for tracking, shown to the learner as they are. */
export const TRACKING_ERRORS = {
  notAuthenticated: 'User not authenticated',
  courseNotFound: 'Course not found',
  lessonNotFound: 'Lesson not found',
} as const;

export const LOAD_FAILED = 'Your progress could not be loaded.';
export const SAVE_FAILED = 'Your progress could not be saved.';

interface ErrorLike {
  message?: unknown;
  code?: unknown;
  name?: unknown;
}

/**
 * The text to show for a failed progress call: the three tracking errors by their own words,
 * a network failure as such, anything else as the backend's own message.
 */
export function progressErrorMessage(error: unknown, fallback: string = SAVE_FAILED): string {
  if (error === null || error === undefined) return fallback;
  const e = (typeof error === 'object' ? error : {message: String(error)}) as ErrorLike;
  const message = typeof e.message === 'string' ? e.message.trim() : '';
  for (const known of Object.values(TRACKING_ERRORS)) {
    if (message === known || message.startsWith(`${known}`)) return known;
  }
  if (e.code === '42501' && /permission denied for function/i.test(message)) return TRACKING_ERRORS.notAuthenticated;
  return errorMessage(error, fallback);
}

// ---------------------------------------------------------------------------------------------
// Reads

/** Courses, lessons and the learner's own progress rows (RLS keeps them to their own). */
export async function loadProgressData(client: DatabaseClient): Promise<Result<ProgressData>> {
  try {
    const [courses, lessons, courseProgress, lessonProgress] = await Promise.all([
      client.from('courses').select('id, slug, title, order_index').order('order_index').order('id'),
      client.from('lessons').select('id, course_id, slug, title, order_index').order('order_index').order('id'),
      client.from('user_course_progress').select('course_id, progress_percentage, started_at, completed_at, last_accessed_at'),
      client
        .from('user_lesson_progress')
        .select('lesson_id, course_id, time_spent, is_completed, last_accessed_at, completed_at')
        .order('last_accessed_at', {ascending: false}),
    ]);
    const failed = [courses, lessons, courseProgress, lessonProgress].find((r) => r.error);
    if (failed?.error) return {data: null, error: progressErrorMessage(failed.error, LOAD_FAILED)};
    return {
      data: {
        courses: courses.data ?? [],
        lessons: lessons.data ?? [],
        courseProgress: courseProgress.data ?? [],
        lessonProgress: lessonProgress.data ?? [],
      },
      error: null,
    };
  } catch (error) {
    return {data: null, error: progressErrorMessage(error, LOAD_FAILED)};
  }
}

// ---------------------------------------------------------------------------------------------
// Writes

export interface TrackInput {
  courseSlug: string;
  lessonSlug: string;
  /** Whole seconds on the page since the last call. */
  seconds?: number;
  /** true/false sets completion; undefined leaves it as it is. */
  completed?: boolean;
}

export function rpcArgs({courseSlug, lessonSlug, seconds = 0, completed}: TrackInput) {
  return {
    p_course_slug: courseSlug,
    p_lesson_slug: lessonSlug,
    p_seconds: Math.max(0, Math.floor(seconds)),
    // Omitted rather than null when unchanged: the function's default (null) leaves it as it is.
    ...(completed === undefined ? {} : {p_completed: completed}),
  };
}

/** Records time and/or completion; both progress rows are written in one database transaction. */
export async function trackLesson(client: DatabaseClient, input: TrackInput): Promise<Result<CourseProgressRow>> {
  try {
    const {data, error} = await client.rpc('track_lesson_progress', rpcArgs(input));
    if (error) return {data: null, error: progressErrorMessage(error)};
    const {course_id, progress_percentage, started_at, completed_at, last_accessed_at} = data;
    return {data: {course_id, progress_percentage, started_at, completed_at, last_accessed_at}, error: null};
  } catch (error) {
    return {data: null, error: progressErrorMessage(error)};
  }
}

export interface BeaconTarget {
  supabaseUrl: string;
  publishableKey: string;
  accessToken: string;
}

/**
 * Sends time on the page while the page is going away (tab hidden, closed, or another route):
 * a keepalive fetch outlives the page and nobody waits for it, so navigation is never delayed.
 */
export function sendProgressBeacon(target: BeaconTarget, input: TrackInput): boolean {
  if (typeof fetch !== 'function') return false;
  try {
    void fetch(`${target.supabaseUrl.replace(/\/+$/, '')}/rest/v1/rpc/track_lesson_progress`, {
      method: 'POST',
      keepalive: true,
      headers: {
        'Content-Type': 'application/json',
        apikey: target.publishableKey,
        Authorization: `Bearer ${target.accessToken}`,
        Prefer: 'return=minimal',
      },
      body: JSON.stringify(rpcArgs(input)),
    }).catch(() => undefined);
    return true;
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------------------------
// Derivation (pure)

export interface LessonStatus {
  id: number;
  slug: string;
  title: string;
  completed: boolean;
  timeSpent: number;
  lastAccessedAt: string | null;
}

export interface CourseStatus {
  id: number;
  slug: string;
  title: string;
  lessons: LessonStatus[];
  totalLessons: number;
  completedLessons: number;
  /** Completed active lessons ÷ active lessons × 100, rounded to 2 places as the database does. */
  percentage: number;
  started: boolean;
  completed: boolean;
  lastAccessedAt: string | null;
  /** The first unfinished lesson in order (null when every lesson is done). */
  nextLesson: LessonStatus | null;
}

export interface RecentLesson {
  courseSlug: string;
  courseTitle: string;
  lessonSlug: string;
  lessonTitle: string;
  completed: boolean;
  lastAccessedAt: string;
}

export interface ProgressStats {
  totalCourses: number;
  coursesStarted: number;
  coursesCompleted: number;
  lessonsCompleted: number;
  totalLessons: number;
  /** Whole minutes: floor(total seconds ÷ 60). */
  totalMinutes: number;
}

export interface ProgressSummary {
  courses: CourseStatus[];
  bySlug: Record<string, CourseStatus>;
  stats: ProgressStats;
  recent: RecentLesson[];
}

export function coursePercentage(completed: number, total: number): number {
  if (total <= 0) return 0;
  return Math.round((10000 * completed) / total) / 100;
}

const byOrder = <T extends {order_index: number; id: number}>(a: T, b: T) => a.order_index - b.order_index || a.id - b.id;

/** Every number the progress views show, from the loaded rows. Only active courses/lessons count. */
export function deriveProgress(data: ProgressData, recentLimit = 5): ProgressSummary {
  const lessonRows = new Map(data.lessonProgress.map((r) => [r.lesson_id, r]));
  const courseRows = new Map(data.courseProgress.map((r) => [r.course_id, r]));
  const courses = [...data.courses].sort(byOrder).map((course): CourseStatus => {
    const lessons = data.lessons
      .filter((l) => l.course_id === course.id)
      .sort(byOrder)
      .map((lesson): LessonStatus => {
        const row = lessonRows.get(lesson.id);
        return {
          id: lesson.id,
          slug: lesson.slug,
          title: lesson.title,
          completed: row?.is_completed === true,
          timeSpent: row?.time_spent ?? 0,
          lastAccessedAt: row?.last_accessed_at ?? null,
        };
      });
    const completedLessons = lessons.filter((l) => l.completed).length;
    const percentage = coursePercentage(completedLessons, lessons.length);
    const row = courseRows.get(course.id);
    const touched = lessons.some((l) => l.lastAccessedAt !== null);
    return {
      id: course.id,
      slug: course.slug,
      title: course.title,
      lessons,
      totalLessons: lessons.length,
      completedLessons,
      percentage,
      started: row !== undefined || touched,
      completed: lessons.length > 0 && completedLessons === lessons.length,
      lastAccessedAt: row?.last_accessed_at ?? null,
      nextLesson: lessons.find((l) => !l.completed) ?? null,
    };
  });

  const activeLessonIds = new Set(courses.flatMap((c) => c.lessons.map((l) => l.id)));
  const totalSeconds = data.lessonProgress
    .filter((r) => activeLessonIds.has(r.lesson_id))
    .reduce((sum, r) => sum + Math.max(0, r.time_spent), 0);

  const courseOf = new Map(courses.map((c) => [c.id, c]));
  const recent: RecentLesson[] = data.lessons
    .flatMap((lesson) => {
      const row = lessonRows.get(lesson.id);
      const course = courseOf.get(lesson.course_id);
      if (!row || !course) return [];
      return [
        {
          courseSlug: course.slug,
          courseTitle: course.title,
          lessonSlug: lesson.slug,
          lessonTitle: lesson.title,
          completed: row.is_completed,
          lastAccessedAt: row.last_accessed_at,
        },
      ];
    })
    .sort((a, b) => Date.parse(b.lastAccessedAt) - Date.parse(a.lastAccessedAt))
    .slice(0, recentLimit);

  return {
    courses,
    bySlug: Object.fromEntries(courses.map((c) => [c.slug, c])),
    stats: {
      totalCourses: courses.length,
      coursesStarted: courses.filter((c) => c.started).length,
      coursesCompleted: courses.filter((c) => c.completed).length,
      lessonsCompleted: courses.reduce((sum, c) => sum + c.completedLessons, 0),
      totalLessons: courses.reduce((sum, c) => sum + c.totalLessons, 0),
      totalMinutes: Math.floor(totalSeconds / 60),
    },
    recent,
  };
}

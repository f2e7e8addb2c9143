// Publishes the lessons' knowledge checks (docs/modules/<course>/<lesson>.check.yaml) into
// public.knowledge_check_questions (and each check's questions per attempt into
// knowledge_check_settings) with the service role: the only place answers live, since the
// site build never includes them. Writes only questions that changed and deletes questions (and
// whole checks) that left docs/, so a second run changes nothing. Run after the course sync
// (lessons must exist).
import type {ServiceClient} from '../../supabase/functions/_shared/supabase';
import {createServiceClient} from './serviceClient';
import {readChecks, type LessonCheck} from '../../src/knowledgeChecks/readChecks';
import type {Question} from '../../src/knowledgeChecks/schema';
import {rowsOf} from './dbRows';

export interface PublishChecksReport {
  /** `<course>/<lesson>#<question>` of every question written. */
  written: string[];
  unchanged: number;
  removed: string[];
}

interface QuestionRow {
  lesson_id: number;
  question_key: string;
  position: number;
  type: Question['type'];
  prompt: string;
  section: string;
  options: {text: string; correct: boolean; explanation: string}[] | null;
  answer: number | null;
  tolerance: number | null;
  unit: string | null;
  explanation: string | null;
}

const COLUMNS = 'id, lesson_id, question_key, position, type, prompt, section, options, answer, tolerance, unit, explanation';

export function questionRow(lessonId: number, question: Question, position: number): QuestionRow {
  const common = {lesson_id: lessonId, question_key: question.id, position, type: question.type, prompt: question.prompt, section: question.section};
  if (question.type === 'numeric') {
    return {...common, options: null, answer: question.answer, tolerance: question.tolerance, unit: question.unit ?? null, explanation: question.explanation};
  }
  return {
    ...common,
    options: question.options.map((o) => ({text: o.text, correct: o.correct, explanation: o.explanation})),
    answer: null,
    tolerance: null,
    unit: null,
    explanation: null,
  };
}

/** The fields compared to decide whether a stored question needs writing. */
function fingerprint(row: Omit<QuestionRow, 'lesson_id' | 'question_key' | 'type' | 'options'> & {type: string; options: unknown}): string {
  return JSON.stringify([row.position, row.type, row.prompt, row.section, row.options, row.answer, row.tolerance, row.unit, row.explanation]);
}

export async function publishKnowledgeChecks(client: ServiceClient, docsDir: string, checks: LessonCheck[] = readChecks(docsDir)): Promise<PublishChecksReport> {
  const courses = rowsOf(await client.from('courses').select('id, slug'), 'reading courses');
  const courseSlug = new Map(courses.map((c) => [c.id, c.slug]));
  const lessons = rowsOf(await client.from('lessons').select('id, course_id, slug'), 'reading lessons');
  const idByKey = new Map(lessons.map((l) => [`${courseSlug.get(l.course_id)}/${l.slug}`, l.id]));
  const keyById = new Map([...idByKey].map(([key, id]) => [id, key]));
  const stored = rowsOf(await client.from('knowledge_check_questions').select(COLUMNS), 'reading published questions');
  const storedByKey = new Map(stored.map((r) => [`${r.lesson_id}#${r.question_key}`, r]));

  const report: PublishChecksReport = {written: [], unchanged: 0, removed: []};
  const wanted = new Set<string>();
  const rows: QuestionRow[] = [];
  for (const {lesson, check: lessonCheck} of checks) {
    const lessonId = idByKey.get(lesson);
    if (lessonId === undefined) throw new Error(`lesson ${lesson} is not in the database: run the course sync first`);
    lessonCheck.questions.forEach((question, position) => {
      const row = questionRow(lessonId, question, position);
      const key = `${lessonId}#${question.id}`;
      wanted.add(key);
      const current = storedByKey.get(key);
      if (current && fingerprint(current) === fingerprint(row)) {
        report.unchanged += 1;
        return;
      }
      rows.push(row);
      report.written.push(`${lesson}#${question.id}`);
    });
  }
  // How many questions an attempt asks, per lesson: one small upsert, always (it is idempotent).
  const settings = checks.flatMap(({lesson, check: lessonCheck}) => {
    const lessonId = idByKey.get(lesson);
    return lessonId === undefined ? [] : [{lesson_id: lessonId, ask: lessonCheck.ask}];
  });
  if (settings.length > 0) {
    rowsOf(await client.from('knowledge_check_settings').upsert(settings, {onConflict: 'lesson_id'}).select('lesson_id'), 'publishing questions per attempt');
  }
  if (rows.length > 0) {
    rowsOf(
      await client.from('knowledge_check_questions').upsert(rows, {onConflict: 'lesson_id,question_key'}).select('id'),
      'publishing knowledge-check questions',
    );
  }
  const stale = stored.filter((r) => !wanted.has(`${r.lesson_id}#${r.question_key}`));
  if (stale.length > 0) {
    rowsOf(
      await client
        .from('knowledge_check_questions')
        .delete()
        .in(
          'id',
          stale.map((r) => r.id),
        )
        .select('id'),
      'removing questions no longer in docs/',
    );
    report.removed.push(...stale.map((r) => `${keyById.get(r.lesson_id) ?? `lesson ${r.lesson_id}`}#${r.question_key}`));
  }
  return report;
}

/** The same, given an API URL and service-role key (the local stack's start-up hooks). */
export function publishKnowledgeChecksTo(url: string, serviceRoleKey: string, docsDir: string): Promise<PublishChecksReport> {
  return publishKnowledgeChecks(createServiceClient({url, key: serviceRoleKey}), docsDir);
}

export function describeChecksReport(report: PublishChecksReport): string {
  return (
    `knowledge checks: ${report.written.length} questions written, ${report.unchanged} unchanged` +
    (report.removed.length > 0 ? `, removed: ${report.removed.join(', ')}` : '')
  );
}

import React, {useCallback, useEffect, useId, useRef, useState} from 'react';
import Link from '@docusaurus/Link';
import clsx from 'clsx';
import type {CatalogCourse} from '@site/src/catalog/types';
import {useAuth} from '@site/src/lib/auth';
import {useAuthDialogs} from '@site/src/lib/authUi';
import {useProgress} from '@site/src/lib/progressStore';
import {certificatePath} from '@site/src/lib/certificates';
import {
  gradeLessonCheck,
  loadLessonCheck,
  type Answers,
  type CheckQuestion,
  type GradeResult,
  type LessonCheck,
  type QuestionResult,
} from '@site/src/lib/knowledgeChecks';
import {parseNumber} from './parseNumber';
import type {KnowledgeCheckProps} from './index';
import styles from './styles.module.css';
import {errorMessage} from '@site/src/lib/errors';

/** What the learner has entered: option indexes, or the text of a numeric answer. */
type Draft = Record<string, number[] | string>;

type Phase =
  | {name: 'loading'}
  | {name: 'error'; message: string}
  | {name: 'ready'; check: LessonCheck; result: GradeResult | null; submitted: Answers | null};

function toAnswers(questions: CheckQuestion[], draft: Draft): {answers: Answers; missing: string[]} {
  const answers: Answers = {};
  const missing: string[] = [];
  for (const q of questions) {
    const value = draft[q.id];
    if (q.type === 'numeric') {
      const n = typeof value === 'string' ? parseNumber(value) : null;
      if (n === null) missing.push(q.id);
      else answers[q.id] = n;
    } else if (Array.isArray(value) && value.length > 0) {
      answers[q.id] = value;
    } else {
      missing.push(q.id);
    }
  }
  return {answers, missing};
}

const formatScore = (score: number) => `${Math.round(score * 100) / 100}%`;

/** The heading a question's section anchor points at, as the page shows it. */
function sectionTitle(section: string): string {
  if (typeof document === 'undefined') return 'the lesson section';
  const text = document.getElementById(section.slice(1))?.textContent?.replace(/[\u200B#]/g, '').trim();
  return text ? `“${text}”` : 'the lesson section';
}

/**
 * The check itself, loaded on demand (see index.tsx): fetches the questions as it mounts, lets the
 * learner answer, and has the database grade. A pass marks the lesson complete and may issue the
 * course certificate.
 */
export default function KnowledgeCheckForm({course, lesson}: KnowledgeCheckProps): React.JSX.Element {
  const {state: auth, getClient} = useAuth();
  const {reload} = useProgress();
  const dialogs = useAuthDialogs();
  const [phase, setPhase] = useState<Phase>({name: 'loading'});
  const [draft, setDraft] = useState<Draft>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const summaryRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const signedIn = auth.status === 'signedIn';
  const userId = signedIn ? auth.user.id : null;

  /** An anonymous visitor's graded answers, saved for them once they sign in. */
  const unsaved = useRef<Answers | null>(null);

  const showResult = useCallback(
    (check: LessonCheck, result: GradeResult, answers: Answers) => {
      setPhase({
        name: 'ready',
        check: {
          ...check,
          bestScore: result.bestScore ?? check.bestScore,
          passed: check.passed || (result.saved && result.passed),
          attempts: check.attempts + (result.saved ? 1 : 0),
        },
        result,
        submitted: answers,
      });
      unsaved.current = result.saved ? null : answers;
      // A pass completed the lesson: the progress panel and sidebar read the shared store.
      if (result.lessonCompleted) void reload();
    },
    [reload],
  );

  const start = useCallback(async () => {
    setPhase({name: 'loading'});
    try {
      const client = await getClient();
      const loaded = await loadLessonCheck(client, course.slug, lesson.slug);
      if (loaded.error !== null) {
        setPhase({name: 'error', message: loaded.error});
        return;
      }
      const pending = userId ? unsaved.current : null;
      unsaved.current = null;
      if (pending) {
        // The visitor took the check, then signed in: record that attempt as theirs.
        const graded = await gradeLessonCheck(client, course.slug, lesson.slug, pending);
        if (graded.error === null) {
          setDraft(Object.fromEntries(Object.entries(pending).map(([id, a]) => [id, typeof a === 'number' ? String(a) : a])));
          showResult(loaded.data, graded.data, pending);
          return;
        }
      }
      setPhase({name: 'ready', check: loaded.data, result: null, submitted: null});
    } catch (error) {
      setPhase({name: 'error', message: errorMessage(error)});
    }
  }, [getClient, course.slug, lesson.slug, userId, showResult]);

  // A change of user starts over (keeping an anonymous attempt to save).
  useEffect(() => {
    setDraft({});
    setFormError(null);
    void start();
  }, [userId, start]);

  const submit = useCallback(
    async (event: React.FormEvent) => {
      event.preventDefault();
      if (phase.name !== 'ready' || phase.result) return;
      const {answers, missing} = toAnswers(phase.check.questions, draft);
      if (missing.length > 0) {
        setFormError(`Answer every question before submitting (${missing.length} still ${missing.length === 1 ? 'needs' : 'need'} an answer).`);
        formRef.current?.querySelector<HTMLElement>(`[data-question="${missing[0]}"] input`)?.focus();
        return;
      }
      setFormError(null);
      setBusy(true);
      try {
        const graded = await gradeLessonCheck(await getClient(), course.slug, lesson.slug, answers);
        if (graded.error !== null) setFormError(graded.error);
        else showResult(phase.check, graded.data, answers);
      } catch (error) {
        setFormError(errorMessage(error));
      } finally {
        setBusy(false);
      }
    },
    [phase, draft, getClient, course.slug, lesson.slug, showResult],
  );

  useEffect(() => {
    if (phase.name === 'ready' && phase.result) summaryRef.current?.focus();
  }, [phase]);

  const retry = useCallback(() => {
    if (phase.name !== 'ready') return;
    setDraft({});
    setFormError(null);
    setPhase({...phase, result: null, submitted: null});
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('input')?.focus());
  }, [phase]);

  return (
    <>
      {phase.name === 'loading' && <p role="status">Loading the questions…</p>}
      {phase.name === 'error' && (
        <p className={styles.error} role="alert">
          {phase.message}{' '}
          <button type="button" className="button button--link button--sm" onClick={() => void start()}>
            Try again
          </button>
        </p>
      )}
      {phase.name === 'ready' && phase.check.questions.length === 0 && <p>This lesson has no knowledge check yet.</p>}
      {phase.name === 'ready' && phase.check.questions.length > 0 && (
        <>
          <p className={styles.meta}>
            {phase.check.questions.length} questions · pass mark {formatScore(phase.check.passMark)}
            {signedIn && phase.check.bestScore !== null && (
              <>
                {' '}
                · <span data-testid="best-score">your best score: {formatScore(phase.check.bestScore)}</span>
                {phase.check.passed && ' (passed)'}
              </>
            )}
          </p>
          {phase.result && (
            <ResultSummary
              ref={summaryRef}
              result={phase.result}
              course={course}
              signedIn={signedIn}
              onSignIn={dialogs ? () => dialogs.openAuth('signIn') : null}
              onRetry={retry}
            />
          )}
          <form ref={formRef} onSubmit={(e) => void submit(e)} noValidate>
            <ol className={styles.questions}>
              {phase.check.questions.map((question, index) => (
                <li key={question.id} data-question={question.id}>
                  <QuestionField
                    question={question}
                    number={index + 1}
                    total={phase.check.questions.length}
                    value={draft[question.id]}
                    onChange={(value) => setDraft((d) => ({...d, [question.id]: value}))}
                    result={phase.result?.questions.find((r) => r.id === question.id) ?? null}
                    submitted={phase.submitted?.[question.id]}
                  />
                </li>
              ))}
            </ol>
            {formError && (
              <p className={styles.error} role="alert">
                {formError}
              </p>
            )}
            {/* Keyed apart: one <button> re-styled from primary to secondary would fade its colours
                through Infima's 200 ms transition, below contrast on the way. */}
            {!phase.result ? (
              <button key="submit" type="submit" className="button button--primary" disabled={busy}>
                {busy ? 'Checking…' : 'Submit answers'}
              </button>
            ) : (
              <button key="retry" type="button" className="button button--secondary" onClick={retry}>
                Try again
              </button>
            )}
          </form>
        </>
      )}
    </>
  );
}

interface ResultSummaryProps {
  result: GradeResult;
  course: CatalogCourse;
  signedIn: boolean;
  onSignIn: (() => void) | null;
  onRetry(): void;
}

const ResultSummary = React.forwardRef<HTMLDivElement, ResultSummaryProps>(function ResultSummary({result, course, signedIn, onSignIn, onRetry}, ref) {
  return (
    <div ref={ref} tabIndex={-1} className={clsx(styles.summary, result.passed ? styles.passed : styles.failed)} data-testid="check-result">
      <p role="status" className={styles.score}>
        You scored {formatScore(result.score)} ({result.correct} of {result.total} correct).{' '}
        {result.passed ? 'Passed.' : `Not passed yet: the pass mark is ${formatScore(result.passMark)}.`}
      </p>
      {result.lessonCompleted && <p>This lesson is now marked as complete.</p>}
      {result.certificate && (
        <p>
          You have earned your certificate for {result.certificate.courseTitle}.{' '}
          <Link to={certificatePath(result.certificate.code)}>View your certificate</Link>
        </p>
      )}
      {!signedIn && (
        <p>
          Your result was not saved.{' '}
          {onSignIn ? (
            <button type="button" className="button button--link button--sm" onClick={onSignIn}>
              Sign in to save your results
            </button>
          ) : (
            <Link to="/account">Sign in to save your results</Link>
          )}{' '}
          (this attempt is saved when you do) and earn the {course.title} certificate.
        </p>
      )}
      {!result.passed && (
        <p>
          Read the explanations below, revisit the sections they link to, then{' '}
          <button type="button" className="button button--link button--sm" onClick={onRetry}>
            try again
          </button>
          .
        </p>
      )}
    </div>
  );
});

interface QuestionFieldProps {
  question: CheckQuestion;
  number: number;
  total: number;
  value: number[] | string | undefined;
  onChange(value: number[] | string): void;
  result: QuestionResult | null;
  submitted: number[] | number | undefined;
}

function QuestionField({question, number, total, value, onChange, result, submitted}: QuestionFieldProps): React.JSX.Element {
  const name = useId();
  const graded = result !== null;
  const chosen = Array.isArray(value) ? value : [];
  return (
    <fieldset className={styles.question} disabled={graded}>
      <legend className={styles.legend}>
        <span className={styles.number}>
          Question {number} of {total}
          {question.type === 'multiple' && ' (select all that apply)'}
        </span>
        <span className={styles.prompt}>{question.prompt}</span>
      </legend>
      {result && (
        <p className={clsx(styles.verdict, result.correct ? styles.right : styles.wrong)}>
          {result.correct ? '✓ Correct' : '✗ Incorrect'}
        </p>
      )}
      {question.type === 'numeric' ? (
        <div className={styles.numeric}>
          <label htmlFor={name}>Your answer{question.unit ? ` (${question.unit})` : ''}</label>
          <input
            id={name}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            value={typeof value === 'string' ? value : ''}
            onChange={(e) => onChange(e.target.value)}
          />
          {result?.kind === 'numeric' && (
            <div className={styles.explanation}>
              <p>
                {typeof submitted === 'number' && <>You answered {submitted}. </>}
                Correct answer: {result.answer}
                {result.tolerance > 0 && ` (±${result.tolerance})`}
                {result.unit ? ` ${result.unit}` : ''}.
              </p>
              <p>{result.explanation}</p>
            </div>
          )}
        </div>
      ) : (
        <ul className={styles.options}>
          {question.options.map((text, index) => {
            const id = `${name}-${index}`;
            const isChosen = chosen.includes(index);
            const isCorrect = result?.kind === 'choice' && result.correctOptions.includes(index);
            return (
              <li key={index} className={clsx(styles.option, result && isCorrect && styles.correctOption)}>
                <input
                  id={id}
                  type={question.type === 'single' ? 'radio' : 'checkbox'}
                  name={name}
                  checked={isChosen}
                  onChange={(e) => {
                    if (question.type === 'single') onChange([index]);
                    else onChange(e.target.checked ? [...chosen, index].sort((a, b) => a - b) : chosen.filter((i) => i !== index));
                  }}
                />
                <label htmlFor={id}>{text}</label>
                {result?.kind === 'choice' && (
                  <p className={styles.explanation}>
                    <strong>
                      {isCorrect ? 'Correct answer' : 'Not correct'}
                      {isChosen ? ' · your choice' : ''}:
                    </strong>{' '}
                    {result.explanations[index]}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {result && (
        <p className={styles.review}>
          <a href={question.section}>Review {sectionTitle(question.section)} in this lesson</a>
        </p>
      )}
    </fieldset>
  );
}

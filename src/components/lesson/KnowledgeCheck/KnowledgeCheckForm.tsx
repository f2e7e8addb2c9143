import React, {useCallback, useEffect, useRef, useState} from 'react';
import Link from '@docusaurus/Link';
import clsx from 'clsx';
import type {CatalogCourse} from '@site/src/catalog/types';
import {useAuth} from '@site/src/lib/auth';
import {useAuthDialogs} from '@site/src/lib/authUi';
import {invalidateProgress} from '@site/src/lib/useProgress';
import {dataStore} from '@site/src/lib/data/store';
import {certificatePath} from '@site/src/lib/certificates';
import {
  loadLessonCheck,
  retryMessage,
  startAttempt,
  submitAttempt,
  type Answer,
  type CheckAttempt,
  type CheckQuestion,
  type GradeResult,
  type LessonCheck,
  type QuestionResult,
} from '@site/src/lib/knowledgeChecks';
import {parseNumber} from './parseNumber';
import type {KnowledgeCheckProps} from './index';
import styles from './styles.module.css';
import {errorMessage} from '@site/src/lib/data/errorText';

/** What the learner has entered, by presented question: option positions, or a numeric answer's text. */
type Draft = Record<string, number[] | string>;

type Phase =
  | {name: 'loading'}
  | {name: 'error'; message: string}
  /** A cool-down after repeated failures: no attempt until retryAt. */
  | {name: 'waiting'; check: LessonCheck | null; retryAt: string}
  | {name: 'ready'; check: LessonCheck; attempt: CheckAttempt; result: GradeResult | null};

function toAnswers(questions: CheckQuestion[], draft: Draft): {answers: Answer[]; missing: string[]} {
  const answers: Answer[] = [];
  const missing: string[] = [];
  for (const q of questions) {
    const value = draft[q.id];
    if (q.type === 'numeric') {
      const n = typeof value === 'string' ? parseNumber(value) : null;
      if (n === null) missing.push(q.id);
      answers.push(n);
    } else if (Array.isArray(value) && value.length > 0) {
      answers.push(value);
    } else {
      missing.push(q.id);
      answers.push(null);
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
 * The check itself, loaded on demand (see index.tsx). The database draws each attempt (which
 * questions, in which order, each question's options in which order) and grades it: a failed
 * attempt names the questions to revisit without their answers; a signed-in learner's pass shows
 * the explanations, marks the lesson complete and may issue the course certificate.
 */
export default function KnowledgeCheckForm({course, lesson}: KnowledgeCheckProps): React.JSX.Element {
  const {state: auth, getClient} = useAuth();
  const dialogs = useAuthDialogs();
  const [phase, setPhase] = useState<Phase>({name: 'loading'});
  const [draft, setDraft] = useState<Draft>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const summaryRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const signedIn = auth.status === 'signedIn';
  const userId = signedIn ? auth.user.id : null;

  /** Fetches the check's standing, then a fresh draw (unless a cool-down runs). */
  const begin = useCallback(
    async (known: LessonCheck | null) => {
      setPhase({name: 'loading'});
      setDraft({});
      setFormError(null);
      try {
        const client = await getClient();
        let check = known;
        if (!check) {
          const loaded = await loadLessonCheck(client, course.slug, lesson.slug);
          if (loaded.error !== null) {
            setPhase({name: 'error', message: loaded.error});
            return;
          }
          check = loaded.data;
        }
        if (check.retryAt && Date.parse(check.retryAt) > Date.now()) {
          setPhase({name: 'waiting', check, retryAt: check.retryAt});
          return;
        }
        const started = await startAttempt(client, course.slug, lesson.slug);
        if (started.error !== null) {
          setPhase(started.retryAt ? {name: 'waiting', check, retryAt: started.retryAt} : {name: 'error', message: started.error});
          return;
        }
        setPhase({name: 'ready', check, attempt: started.data, result: null});
      } catch (error) {
        setPhase({name: 'error', message: errorMessage(error)});
      }
    },
    [getClient, course.slug, lesson.slug],
  );

  // A change of user starts over with a draw of their own.
  useEffect(() => {
    void begin(null);
  }, [userId, begin]);

  const submit = useCallback(
    async (event: React.FormEvent) => {
      event.preventDefault();
      if (phase.name !== 'ready' || phase.result) return;
      const {answers, missing} = toAnswers(phase.attempt.questions, draft);
      if (missing.length > 0) {
        setFormError(`Answer every question before submitting (${missing.length} still ${missing.length === 1 ? 'needs' : 'need'} an answer).`);
        formRef.current?.querySelector<HTMLElement>(`[data-question="${missing[0]}"] input`)?.focus();
        return;
      }
      setFormError(null);
      setBusy(true);
      try {
        const graded = await submitAttempt(await getClient(), phase.attempt, answers);
        if (graded.error !== null) {
          if (graded.retryAt) setPhase({name: 'waiting', check: phase.check, retryAt: graded.retryAt});
          else setFormError(graded.error);
          return;
        }
        const result = graded.data;
        setPhase({
          ...phase,
          check: {
            ...phase.check,
            bestScore: result.bestScore ?? phase.check.bestScore,
            passed: phase.check.passed || (result.saved && result.passed),
            attempts: phase.check.attempts + (result.saved ? 1 : 0),
            retryAt: result.retryAt,
          },
          result,
        });
        // A pass completed the lesson: the progress panel and sidebar read it again.
        if (result.lessonCompleted) void invalidateProgress();
        // A saved attempt changes the statuses (/progress) and a pass may earn a certificate.
        if (result.saved) {
          dataStore.invalidate('checks');
          dataStore.invalidate('certificates');
        }
      } catch (error) {
        setFormError(errorMessage(error));
      } finally {
        setBusy(false);
      }
    },
    [phase, draft, getClient],
  );

  useEffect(() => {
    if (phase.name === 'ready' && phase.result) summaryRef.current?.focus();
  }, [phase]);

  const retry = useCallback(() => {
    if (phase.name !== 'ready' && phase.name !== 'waiting') return;
    // After a result the standing is known; while waiting, ask again when the next try opens.
    void begin(phase.name === 'ready' ? phase.check : null).then(() =>
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('input')?.focus()),
    );
  }, [phase, begin]);

  const check = phase.name === 'ready' || phase.name === 'waiting' ? phase.check : null;
  return (
    <>
      {phase.name === 'loading' && <p role="status">Loading the questions…</p>}
      {phase.name === 'error' && (
        <p className={styles.error} role="alert">
          {phase.message}{' '}
          <button type="button" className="button button--link button--sm" onClick={() => void begin(null)}>
            Try again
          </button>
        </p>
      )}
      {check && (
        <p className={styles.meta}>
          {check.ask} questions, drawn afresh for each attempt · pass mark {formatScore(check.passMark)}
          {signedIn && check.bestScore !== null && (
            <>
              {' '}
              · <span data-testid="best-score">your best score: {formatScore(check.bestScore)}</span>
              {check.passed && ' (passed)'}
            </>
          )}
        </p>
      )}
      {phase.name === 'waiting' && (
        <div className={clsx(styles.summary, styles.failed)} data-testid="check-cooldown">
          <p role="status">
            You have not passed this check several times in the last hour. Take the time to reread the lesson. {retryMessage(phase.retryAt)}
          </p>
          <button type="button" className="button button--secondary" onClick={retry}>
            Try again
          </button>
        </div>
      )}
      {phase.name === 'ready' && (
        <>
          {phase.result && (
            <ResultSummary
              ref={summaryRef}
              result={phase.result}
              questions={phase.attempt.questions}
              course={course}
              signedIn={signedIn}
              onSignIn={dialogs ? () => dialogs.openAuth('signIn') : null}
            />
          )}
          <form ref={formRef} onSubmit={(e) => void submit(e)} noValidate>
            <ol className={styles.questions}>
              {phase.attempt.questions.map((question, index) => (
                <li key={question.id} data-question={question.id}>
                  <QuestionField
                    question={question}
                    number={index + 1}
                    total={phase.attempt.questions.length}
                    value={draft[question.id]}
                    onChange={(value) => setDraft((d) => ({...d, [question.id]: value}))}
                    result={phase.result?.questions[index] ?? null}
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
                Try again with new questions
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
  questions: CheckQuestion[];
  course: CatalogCourse;
  signedIn: boolean;
  onSignIn: (() => void) | null;
}

const ResultSummary = React.forwardRef<HTMLDivElement, ResultSummaryProps>(function ResultSummary({result, questions, course, signedIn, onSignIn}, ref) {
  const toRevisit = result.questions.flatMap((r, i) => (r.correct ? [] : [{number: i + 1, result: r, question: questions[i]}]));
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
          )}
          , see the explanations when you pass, and earn the {course.title} certificate.
        </p>
      )}
      {!result.passed && (
        <>
          <p>Reread these parts of the lesson, then try again. The next attempt asks a new selection of questions.</p>
          <ul className={styles.revisit} data-testid="revisit">
            {toRevisit.map(({number, result: r, question}) => (
              <li key={r.id}>
                Question {number}
                {question ? `, “${question.prompt}”` : ''}: <a href={r.section}>Revisit {sectionTitle(r.section)}</a>
              </li>
            ))}
          </ul>
          {result.retryAt && <p>{retryMessage(result.retryAt)}</p>}
        </>
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
}

function QuestionField({question, number, total, value, onChange, result}: QuestionFieldProps): React.JSX.Element {
  const name = React.useId();
  const graded = result !== null;
  const chosen = Array.isArray(value) ? value : [];
  const reveal = result?.reveal ?? null;
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
          {reveal?.kind === 'numeric' && (
            <div className={styles.explanation}>
              <p>
                Correct answer: {reveal.answer}
                {reveal.tolerance > 0 && ` (±${reveal.tolerance})`}
                {reveal.unit ? ` ${reveal.unit}` : ''}.
              </p>
              <p>{reveal.explanation}</p>
            </div>
          )}
        </div>
      ) : (
        <ul className={styles.options}>
          {question.options.map((text, index) => {
            const id = `${name}-${index}`;
            const isChosen = chosen.includes(index);
            const isCorrect = reveal?.kind === 'choice' && reveal.correctOptions.includes(index);
            return (
              <li key={index} className={clsx(styles.option, isCorrect && styles.correctOption)}>
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
                {reveal?.kind === 'choice' && (
                  <p className={styles.explanation}>
                    <strong>
                      {isCorrect ? 'Correct answer' : 'Not correct'}
                      {isChosen ? ' · your choice' : ''}:
                    </strong>{' '}
                    {reveal.explanations[index]}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {result && !result.correct && (
        <p className={styles.review}>
          <a href={question.section}>Revisit {sectionTitle(question.section)} in this lesson</a>
        </p>
      )}
    </fieldset>
  );
}

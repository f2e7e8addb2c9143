// The knowledge check at the end of a lesson. Anonymous visitors see a Start button; the form
// (KnowledgeCheckForm, its own chunk) and supabase-js load only when they press it. Signed-in
// learners get the form (and their best score) straight away.
import React, {useEffect, useId, useState} from 'react';
import type {CatalogCourse, CatalogLesson} from '@site/src/catalog/types';
import {useAuth} from '@site/src/lib/auth';
import LoadFailed from '@site/src/components/site/LoadFailed';
import {chunk, useChunk} from '@site/src/lib/chunk';
import styles from './styles.module.css';

export {parseNumber} from './parseNumber';

export interface KnowledgeCheckProps {
  course: CatalogCourse;
  lesson: CatalogLesson;
}

const knowledgeCheckForm = chunk(() => import('./KnowledgeCheckForm').then((module) => module.default));

const loading = <p role="status">Loading the questions…</p>;

export default function KnowledgeCheck(props: KnowledgeCheckProps): React.JSX.Element {
  const {state: auth} = useAuth();
  const headingId = useId();
  const [started, setStarted] = useState(false);
  const userId = auth.status === 'signedIn' ? auth.user.id : null;
  const form = useChunk(knowledgeCheckForm, Boolean(userId) || started);
  const KnowledgeCheckForm = form.value;
  // Signing out goes back to the Start button; signing in keeps the form mounted, and it draws
  // a new attempt of the learner's own.
  useEffect(() => {
    if (!userId) setStarted(false);
  }, [userId]);

  if (auth.status === 'loading') return <div className={styles.placeholder} aria-hidden="true" />;
  return (
    <section id="knowledge-check" className={styles.panel} aria-labelledby={headingId} data-testid="knowledge-check">
      <h2 className={styles.title} id={headingId}>
        Knowledge check
      </h2>
      {userId || started ? (
        KnowledgeCheckForm ? (
          <KnowledgeCheckForm {...props} />
        ) : form.failed ? (
          <LoadFailed what="the questions" onRetry={form.retry} />
        ) : (
          loading
        )
      ) : (
        <div className={styles.intro}>
          <p>Test your understanding of this lesson. You can take the check without an account; sign in to save your result, see the explanations once you pass, and earn the course certificate.</p>
          <button type="button" className="button button--primary" onClick={() => setStarted(true)}>
            Start the knowledge check
          </button>
        </div>
      )}
    </section>
  );
}

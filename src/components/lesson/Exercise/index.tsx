// Practice exercises at the end of a lesson. A lesson component (src/components/lesson/lessonComponentSources.ts), so MDX
// uses <Exercise title="…"> … <Solution> … </Solution></Exercise> without an import line.
// The worked answer stays hidden until the learner asks for it (a disclosure button with
// aria-expanded, operable by keyboard), and is always printed: a printed worksheet is useless
// without its answers at the back of the learner's mind.
import React, {useId, useState, type ReactNode} from 'react';
import styles from './styles.module.css';

interface ExerciseProps {
  title: string;
  children: ReactNode;
}

export function Exercise({title, children}: ExerciseProps): React.JSX.Element {
  const headingId = useId();
  return (
    <section className={styles.exercise} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.title}>
        <span className={styles.kicker}>Exercise</span> {title}
      </h3>
      {children}
    </section>
  );
}

export function Solution({children}: {children: ReactNode}): React.JSX.Element {
  const [open, setOpen] = useState(false);
  const regionId = useId();
  return (
    <div className={styles.solution}>
      <button
        type="button"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls={regionId}
        onClick={() => setOpen((value) => !value)}>
        {open ? 'Hide worked answer' : 'Show worked answer'}
      </button>
      <div id={regionId} role="region" aria-label="Worked answer" className={styles.answer} hidden={!open}>
        <p className={styles.printLabel}>Worked answer</p>
        {children}
      </div>
    </div>
  );
}

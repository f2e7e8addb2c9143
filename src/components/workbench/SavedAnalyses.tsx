// "Save analysis" and "My analyses" for signed-in learners; a visitor is invited to sign in.
// The Supabase client comes from the auth context, which loads it only for a stored session or
// when the visitor acts, so this adds no client code to the page's first visit.
import React, {useEffect, useState} from 'react';
import {useAuth} from '@site/src/lib/auth';
import {deleteAnalysis, listAnalyses, NAME_MAX, saveAnalysis, saveProblem, type AnalysisDraft, type SavedAnalysis} from '@site/src/lib/savedAnalyses';
import ProgressInvite from '@site/src/components/progress/ProgressInvite';
import styles from './styles.module.css';

export interface SavedAnalysesProps {
  /** The analysis on screen; null while the table is empty. */
  draft: AnalysisDraft | null;
  onOpen(analysis: SavedAnalysis): void;
}

export default function SavedAnalyses({draft, onOpen}: SavedAnalysesProps): React.JSX.Element | null {
  const {state, getClient} = useAuth();
  const userId = state.status === 'signedIn' ? state.user.id : null;
  const [list, setList] = useState<SavedAnalysis[] | null>(null);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{kind: 'ok' | 'error'; text: string} | null>(null);

  useEffect(() => {
    setList(null);
    if (!userId) return;
    let live = true;
    getClient()
      .then(listAnalyses)
      .then(
        (rows) => live && setList(rows),
        (error: Error) => live && setMessage({kind: 'error', text: error.message}),
      );
    return () => {
      live = false;
    };
  }, [userId, getClient]);

  if (state.status === 'loading') return null;
  if (!userId) {
    return <ProgressInvite label="Save your analyses">Sign in to save named analyses to your account and reopen them later.</ProgressInvite>;
  }

  const run = async (work: () => Promise<string>) => {
    setBusy(true);
    setMessage(null);
    try {
      setMessage({kind: 'ok', text: await work()});
    } catch (error) {
      setMessage({kind: 'error', text: (error as Error).message});
    } finally {
      setBusy(false);
    }
  };

  const save = (e: React.FormEvent) => {
    e.preventDefault();
    if (!draft) return setMessage({kind: 'error', text: 'Enter or load some studies first.'});
    const problem = saveProblem(name, draft);
    if (problem) return setMessage({kind: 'error', text: problem});
    void run(async () => {
      const saved = await saveAnalysis(await getClient(), name, draft);
      setList((l) => [saved, ...(l ?? [])]);
      setName('');
      return `Saved “${saved.name}”.`;
    });
  };

  const remove = (a: SavedAnalysis) =>
    void run(async () => {
      await deleteAnalysis(await getClient(), a.id);
      setList((l) => (l ?? []).filter((x) => x.id !== a.id));
      return `Deleted “${a.name}”.`;
    });

  return (
    <div>
      <form className={styles.toolbar} onSubmit={save}>
        <label htmlFor="wb-save-name">Name of this analysis</label>
        <input id="wb-save-name" value={name} maxLength={NAME_MAX} onChange={(e) => setName(e.target.value)} />
        <button type="submit" className="button button--sm button--primary" disabled={busy}>
          Save analysis
        </button>
      </form>
      {message && (
        <p role={message.kind === 'error' ? 'alert' : 'status'} className={message.kind === 'error' ? styles.error : styles.help}>
          {message.text}
        </p>
      )}
      <h3 id="wb-my-analyses">My analyses</h3>
      {list === null ? (
        <p className={styles.help}>Loading your analyses…</p>
      ) : list.length === 0 ? (
        <p className={styles.help}>No saved analyses yet.</p>
      ) : (
        <ul aria-labelledby="wb-my-analyses" data-testid="my-analyses">
          {list.map((a) => (
            <li key={a.id}>
              {a.name} ({a.measure}, {a.method}
              {a.hksj ? ', HKSJ' : ''}, {a.data.rows.length} {a.data.rows.length === 1 ? 'study' : 'studies'}){' '}
              <button type="button" className="button button--sm button--outline button--primary" aria-label={`Open ${a.name}`} onClick={() => onOpen(a)}>
                Open
              </button>{' '}
              <button type="button" className="button button--sm button--outline button--danger" aria-label={`Delete ${a.name}`} disabled={busy} onClick={() => remove(a)}>
                Delete
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

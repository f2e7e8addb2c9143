import {useCallback, useEffect, useRef, useState} from 'react';
import {errorMessage} from '@site/src/lib/data/errorText';

export type Notice = {kind: 'error' | 'success' | 'info'; text: string} | null;

/** Runs one async action at a time and keeps its outcome as a notice for the section. */
export function useAction(): {busy: boolean; notice: Notice; setNotice(n: Notice): void; run(action: () => Promise<Notice>): Promise<void>} {
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const run = useCallback(async (action: () => Promise<Notice>) => {
    setBusy(true);
    setNotice(null);
    try {
      const outcome = await action();
      if (mounted.current) setNotice(outcome);
    } catch (error) {
      if (mounted.current) setNotice({kind: 'error', text: errorMessage(error)});
    } finally {
      if (mounted.current) setBusy(false);
    }
  }, []);
  return {busy, notice, setNotice, run};
}

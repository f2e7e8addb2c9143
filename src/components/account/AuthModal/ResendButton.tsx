import React, {useEffect, useRef, useState} from 'react';
import {Message, formStyles as f} from '@site/src/components/site/Form';
import {errorMessage} from '@site/src/lib/data/errorText';
import {mailWaitSeconds} from '@site/src/lib/authMessages';
import type {Clock} from '@site/src/lib/authUi';
import {useCountdown} from '@site/src/lib/useCountdown';

export interface ResendButtonProps {
  /** Mails again; resolves with the auth service's error (null when it was sent). */
  send(): Promise<{error: unknown}>;
  clock?: Clock;
}

/**
 * Sends the e-mail again. When the auth server says it is too early (429 with "after N
 * seconds") the button counts those seconds down and comes back when they are over; the server
 * decides the wait, the site only shows it.
 */
export default function ResendButton({send, clock}: ResendButtonProps): React.JSX.Element {
  const {remaining, start} = useCountdown(clock);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{kind: 'error' | 'success'; text: string} | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const onClick = async () => {
    setBusy(true);
    setNotice(null);
    try {
      const {error} = await send();
      if (!mounted.current) return;
      const wait = error ? mailWaitSeconds(error) : null;
      if (wait !== null) {
        start(wait);
      } else if (error) {
        setNotice({kind: 'error', text: errorMessage(error)});
      } else {
        setNotice({kind: 'success', text: 'We sent a new e-mail. Use the link or code from the newest one.'});
      }
    } catch (e) {
      if (mounted.current) setNotice({kind: 'error', text: errorMessage(e)});
    } finally {
      if (mounted.current) setBusy(false);
    }
  };

  return (
    <>
      {notice && <Message kind={notice.kind}>{notice.text}</Message>}
      {/* Plain text, not a live region: it changes every second. */}
      {remaining > 0 && <p className={f.muted}>For security, a new e-mail can be sent in {remaining} seconds.</p>}
      <button type="button" className="button button--secondary button--block" disabled={busy || remaining > 0} onClick={() => void onClick()}>
        {remaining > 0 ? `Resend E-mail (${remaining} s)` : busy ? 'Sending...' : 'Resend E-mail'}
      </button>
    </>
  );
}

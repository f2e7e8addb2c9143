import React from 'react';
import {Message, formStyles as f} from '@site/src/components/site/Form';
import {useAuth} from '@site/src/lib/auth';
import {signOutEverywhere, signOutOtherDevices} from '@site/src/lib/accountSecurity';
import Section from './Section';
import {useAction} from './useAction';

/** Ends the learner's sessions on other devices (scope=others) or everywhere (scope=global). */
export default function Devices({onSignedOut}: {onSignedOut(): void}): React.JSX.Element {
  const {getClient} = useAuth();
  const {busy, notice, run} = useAction();

  const others = () =>
    void run(async () => {
      const result = await signOutOtherDevices(await getClient());
      if (result.error !== null) return {kind: 'error', text: result.error};
      return {kind: 'success', text: 'Signed out of all other devices. You are still signed in here.'};
    });

  const everywhere = () =>
    void run(async () => {
      const result = await signOutEverywhere(await getClient());
      if (result.error !== null) return {kind: 'error', text: result.error};
      onSignedOut();
      return null;
    });

  return (
    <Section id="security-devices" title="Devices">
      <p className={f.muted}>Lost a phone, or signed in on a shared computer? End those sessions.</p>
      {notice && <Message kind={notice.kind}>{notice.text}</Message>}
      <div className={f.actions}>
        <button type="button" className="button button--secondary" disabled={busy} onClick={others}>
          Sign Out of Other Devices
        </button>
        <button type="button" className="button button--secondary" disabled={busy} onClick={everywhere}>
          Sign Out Everywhere
        </button>
      </div>
    </Section>
  );
}

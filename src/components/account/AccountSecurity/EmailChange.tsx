import React, {useState, type FormEvent} from 'react';
import {Field, Message, SubmitButton, formStyles as f} from '@site/src/components/site/Form';
import {useAuth} from '@site/src/lib/auth';
import {changeEmail, confirmEmailChangeCode} from '@site/src/lib/accountSecurity';
import {emailChangeRedirect} from '@site/src/lib/authUi';
import {isValidEmail, normaliseEmail} from '@site/src/lib/validation';
import CodeForm from './CodeForm';
import Section from './Section';
import {useAction, type Notice} from './useAction';

/** The secure e-mail change: links (and codes) go to the new address and to the current one. */
export default function EmailChange(): React.JSX.Element {
  const {getClient, state} = useAuth();
  const [email, setEmail] = useState('');
  // Addresses confirmed by code in this view: GoTrue's user object does not say which one was.
  const [confirmed, setConfirmed] = useState<string[]>([]);
  const {busy, notice, setNotice, run} = useAction();
  const current = state.user?.email ?? '';
  const pending = state.user?.new_email;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!isValidEmail(email)) return setNotice({kind: 'error', text: 'Please enter a valid email address'});
    if (normaliseEmail(email) === current) return setNotice({kind: 'error', text: 'That is already your e-mail address'});
    void run(async () => {
      const result = await changeEmail(await getClient(), email, emailChangeRedirect());
      if (result.error !== null) return {kind: 'error', text: result.error};
      setEmail('');
      setConfirmed([]);
      return {
        kind: 'success',
        text: `We sent a link and a code to ${result.data.newEmail} and to ${current}. Confirm from both to finish; until then you keep signing in with ${current}.`,
      };
    });
  };

  const onCode = (address: string, other: string) => (code: string) =>
    void run(async (): Promise<Notice> => {
      const result = await confirmEmailChangeCode(await getClient(), address, code);
      if (result.error !== null) return {kind: 'error', text: result.error};
      if (result.data === 'done') {
        setConfirmed([]);
        return {kind: 'success', text: `Done: your e-mail address is now ${pending ?? address}.`};
      }
      setConfirmed((list) => [...list, address]);
      return {kind: 'info', text: `Confirmed from ${address}. Now confirm from ${other} too, with its link or code.`};
    });

  // Each address's mail has its own code: [where it went, the other address].
  const codeForms: [string, string][] = pending ? [[pending, current], [current, pending]] : [];

  return (
    <Section id="security-email" title="E-mail address">
      <p>
        You sign in with <strong>{current}</strong>.
        {pending ? ` A change to ${pending} is waiting for its confirmation from both addresses.` : ''}
      </p>
      {notice && <Message kind={notice.kind}>{notice.text}</Message>}
      {codeForms
        .filter(([address]) => !confirmed.includes(address))
        .map(([address, other]) => (
          // One mail's code: the link in that mail does the same.
          <CodeForm
            key={address}
            id={`security-email-code-${address.replace(/[^a-z0-9]/gi, '-')}`}
            label={`Code sent to ${address}`}
            busy={busy}
            busyLabel="Checking..."
            submitLabel={`Confirm ${address}`}
            onSubmit={onCode(address, other)}
          />
        ))}
      <form className={f.form} onSubmit={onSubmit} noValidate>
        <Field id="security-new-email" label="New e-mail address" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        <div className={f.actions}>
          <SubmitButton busy={busy} busyLabel="Sending...">Change E-mail</SubmitButton>
        </div>
      </form>
    </Section>
  );
}

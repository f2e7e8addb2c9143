import React, {useState, type FormEvent} from 'react';
import {Field, Message, SubmitButton, formStyles as f} from '@site/src/components/Form';
import {useAuth} from '@site/src/lib/auth';
import {changeEmail} from '@site/src/lib/accountSecurity';
import {emailChangeRedirect} from '@site/src/lib/authUi';
import {isValidEmail, normaliseEmail} from '@site/src/lib/validation';
import Section from './Section';
import {useAction} from './useAction';

/** The secure e-mail change: links go to the new address and to the current one. */
export default function EmailChange(): React.JSX.Element {
  const {getClient, state} = useAuth();
  const [email, setEmail] = useState('');
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
      return {
        kind: 'success',
        text: `We sent confirmation links to ${result.data.newEmail} and to ${current}. Open both to finish; until then you keep signing in with ${current}.`,
      };
    });
  };

  return (
    <Section id="security-email" title="E-mail address">
      <p>
        You sign in with <strong>{current}</strong>.
        {pending ? ` A change to ${pending} is waiting for its confirmation links.` : ''}
      </p>
      {notice && <Message kind={notice.kind}>{notice.text}</Message>}
      <form className={f.form} onSubmit={onSubmit} noValidate>
        <Field id="security-new-email" label="New e-mail address" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        <div className={f.actions}>
          <SubmitButton busy={busy} busyLabel="Sending...">Change E-mail</SubmitButton>
        </div>
      </form>
    </Section>
  );
}

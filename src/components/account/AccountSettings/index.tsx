import React, {useRef, useState, type FormEvent, type KeyboardEvent} from 'react';
import Dialog from '@site/src/components/site/Dialog';
import Avatar from '@site/src/components/account/Avatar';
import SubscriptionPanel from '@site/src/components/payments/SubscriptionPanel';
import CertificateList from '@site/src/components/certificates/CertificateList';
import AccountSecurity from '@site/src/components/account/AccountSecurity';
import {Field, Message, formStyles as f} from '@site/src/components/site/Form';
import {errorMessage} from '@site/src/lib/data/errorText';
import {useAccountIdentity, useAuth} from '@site/src/lib/auth';
import {updateFullName} from '@site/src/lib/profile';
import {displayName} from '@site/src/lib/displayName';
import styles from './styles.module.css';

type Tab = 'profile' | 'subscription' | 'security';
const TABS: {id: Tab; label: string}[] = [
  {id: 'profile', label: 'Profile'},
  {id: 'subscription', label: 'Subscription'},
  {id: 'security', label: 'Security'},
];

export function ProfileTab({onSignedOut}: {onSignedOut(): void}): React.JSX.Element {
  const {state, getClient, setProfile, signOut} = useAuth();
  const identity = useAccountIdentity();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState('');
  const [saving, setSaving] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const [message, setMessage] = useState<{kind: 'error' | 'success'; text: string} | null>(null);

  const currentName = identity?.fullName?.trim() || null;
  const email = identity?.email ?? '';

  const startEdit = () => {
    setName(currentName ?? '');
    setMessage(null);
    setEditing(true);
  };

  const onSave = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setMessage(null);
    try {
      const userId = state.user?.id;
      if (!userId) {
        setMessage({kind: 'error', text: 'No user logged in'});
        return;
      }
      const client = await getClient();
      const result = await updateFullName(client, userId, name);
      if (result.error !== null) {
        setMessage({kind: 'error', text: result.error});
        return;
      }
      setProfile(result.data);
      setEditing(false);
      setMessage({kind: 'success', text: 'Profile updated successfully!'});
    } catch (error) {
      setMessage({kind: 'error', text: errorMessage(error)});
    } finally {
      setSaving(false);
    }
  };

  const onSignOut = async () => {
    setSigningOut(true);
    setMessage(null);
    try {
      const problem = await signOut();
      if (problem) setMessage({kind: 'error', text: problem});
      else onSignedOut();
    } catch (error) {
      setMessage({kind: 'error', text: errorMessage(error)});
    } finally {
      setSigningOut(false);
    }
  };

  return (
    <div className={f.form}>
      {message && <Message kind={message.kind}>{message.text}</Message>}
      {editing ? (
        <form className={f.form} onSubmit={(e) => void onSave(e)}>
          <Field id="settings-full-name" label="Full Name" autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} autoFocusHere />
          <Field id="settings-email" label="Email" type="email" value={email} disabled readOnly />
          <div className={f.actions}>
            <button type="submit" className="button button--primary" disabled={saving}>
              {saving ? 'Saving...' : 'Save'}
            </button>
            <button type="button" className="button button--secondary" onClick={() => setEditing(false)} disabled={saving}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <>
          <div className={styles.identity}>
            <Avatar fullName={currentName} email={email} size="lg" />
            <dl className={styles.details}>
              <dt>Name</dt>
              <dd>{currentName ?? 'Not set'}</dd>
              <dt>Email</dt>
              <dd>{email || '—'}</dd>
            </dl>
          </div>
          <div className={f.actions}>
            <button type="button" className="button button--primary" onClick={startEdit}>
              Edit Profile
            </button>
          </div>
        </>
      )}
      <CertificateList headingLevel="h3" />
      <div className={styles.signOut}>
        <button type="button" className="button button--secondary" onClick={() => void onSignOut()} disabled={signingOut}>
          {signingOut ? 'Signing Out...' : 'Sign Out'}
        </button>
      </div>
    </div>
  );
}

/** The signed-in visitor's account in a dialog with three tabs: profile, subscription and security. */
export default function AccountSettings({onClose}: {onClose(): void}): React.JSX.Element {
  const [tab, setTab] = useState<Tab>('profile');
  const identity = useAccountIdentity();
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({profile: null, subscription: null, security: null});

  // Arrow keys, Home and End move between tabs (ARIA APG tabs, automatic activation).
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = TABS.findIndex((t) => t.id === tab);
    let next = index;
    if (event.key === 'ArrowRight') next = (index + 1) % TABS.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + TABS.length) % TABS.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = TABS.length - 1;
    else return;
    event.preventDefault();
    const target = TABS[next];
    if (!target) return;
    setTab(target.id);
    tabRefs.current[target.id]?.focus();
  };

  return (
    <Dialog labelledBy="account-settings-title" onClose={onClose} className={styles.dialog}>
      <h2 id="account-settings-title" className={f.title}>
        Account Settings
      </h2>
      {identity && <p className={f.muted}>Signed in as {displayName(identity)}</p>}
      <div role="tablist" aria-label="Account Settings" className={styles.tabs}>
        {TABS.map((t) => (
          <button
            key={t.id}
            ref={(el) => {
              tabRefs.current[t.id] = el;
            }}
            type="button"
            role="tab"
            id={`settings-tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`settings-panel-${t.id}`}
            tabIndex={tab === t.id ? 0 : -1}
            className={styles.tab}
            onClick={() => setTab(t.id)}
            onKeyDown={onTabKey}>
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`settings-panel-${tab}`} aria-labelledby={`settings-tab-${tab}`} className={styles.panel}>
        {tab === 'profile' && <ProfileTab onSignedOut={onClose} />}
        {tab === 'subscription' && <SubscriptionPanel onNavigate={onClose} />}
        {tab === 'security' && <AccountSecurity onSignedOut={onClose} />}
      </div>
    </Dialog>
  );
}

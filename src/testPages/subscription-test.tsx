import React from 'react';
import Heading from '@theme/Heading';
import {useAuth} from '@site/src/lib/auth';
import {useFreshProfile} from '@site/src/lib/useFreshProfile';
import AdminPage from '@site/src/components/admin/AdminOnly/AdminPage';
import type {Profile} from '@site/src/lib/profile';
import {toSubscriptionView, type SubscriptionView} from '@site/src/lib/subscription';
import styles from '../pages/pages.module.css';

const VIEW_SOURCES: [keyof SubscriptionView, keyof Profile][] = [
  ['status', 'subscription_status'],
  ['plan', 'subscription_plan'],
  ['amount', 'subscription_amount'],
  ['discountCode', 'discount_code'],
  ['startDate', 'subscription_start_date'],
  ['endDate', 'subscription_end_date'],
  ['paypalSubscriptionId', 'paypal_subscription_id'],
];

const show = (value: unknown): string => (value === null || value === undefined ? 'null' : JSON.stringify(value));

function SubscriptionDiagnostics(): React.JSX.Element {
  const {state} = useAuth();
  useFreshProfile();

  const view = toSubscriptionView(state.profile);
  return (
    <>
      <dl className={styles.diagnostics} data-testid="subscription-diagnostics">
        <dt>Signed in</dt>
        <dd>{state.status === 'loading' ? 'checking…' : state.status === 'signedIn' ? 'yes' : 'no'}</dd>
        <dt>Profile row</dt>
        <dd>{state.profile ? 'loaded' : 'no profile loaded'}</dd>
      </dl>
      <Heading as="h2">Subscription view</Heading>
      <table>
        <thead>
          <tr>
            <th scope="col">View field</th>
            <th scope="col">Value</th>
            <th scope="col">Profile column</th>
            <th scope="col">Raw value</th>
          </tr>
        </thead>
        <tbody>
          {VIEW_SOURCES.map(([field, column]) => (
            <tr key={field}>
              <th scope="row">{field}</th>
              <td>
                <code>{show(view[field])}</code>
              </td>
              <td>
                <code>{column}</code>
              </td>
              <td>
                <code>{state.profile ? show(state.profile[column]) : '—'}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

// Operator diagnostics for subscriptions, for administrators only: the derived view beside the
// raw profile fields of the signed-in account.
export default function SubscriptionTest(): React.JSX.Element {
  return (
    <AdminPage title="Subscription diagnostics" description="Operator diagnostics for subscriptions." what="This page shows operators how the site reads a subscription.">
      <p>The subscription view the site derives from the signed-in learner’s profile.</p>
      <SubscriptionDiagnostics />
    </AdminPage>
  );
}

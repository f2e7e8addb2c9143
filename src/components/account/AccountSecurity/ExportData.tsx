import React from 'react';
import {Message, formStyles as f} from '@site/src/components/site/Form';
import {useAuth} from '@site/src/lib/auth';
import {downloadJson, exportAccount, exportFileName} from '@site/src/lib/accountExport';
import Section from './Section';
import {useAction} from './useAction';

/** Downloads everything we hold about the learner as one JSON file. */
export default function ExportData(): React.JSX.Element {
  const {getClient} = useAuth();
  const {busy, notice, run} = useAction();
  const onExport = () =>
    void run(async () => {
      downloadJson(await exportAccount(await getClient()), exportFileName());
      return {kind: 'success', text: 'Your data has been downloaded as a JSON file.'};
    });
  return (
    <Section id="security-export" title="Export my data">
      <p className={f.muted}>Your profile, course and lesson progress, knowledge-check results, certificates, saved workbench analyses and payments, as one JSON file.</p>
      {notice && <Message kind={notice.kind}>{notice.text}</Message>}
      <div className={f.actions}>
        <button type="button" className="button button--secondary" disabled={busy} onClick={onExport}>
          {busy ? 'Preparing...' : 'Download My Data'}
        </button>
      </div>
    </Section>
  );
}

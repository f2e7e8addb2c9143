// Sample size per group for two proportions or two means, as R's power.prop.test and
// power.t.test compute it, then inflated for dropout the way the sample-size lesson teaches.
import React, {useMemo, useState} from 'react';
import {twoMeans, twoProportions, type SampleSize} from '@site/shared/metaAnalysis/sampleSize';
import styles from './styles.module.css';

type Outcome = 'proportions' | 'means';

function NumberField({label, value, onChange, step}: {label: string; value: string; onChange: (v: string) => void; step?: string}): React.JSX.Element {
  return (
    <label className={styles.field}>
      {label}
      <input type="number" inputMode="decimal" step={step ?? 'any'} value={value} onChange={(e) => onChange(e.target.value)} />
    </label>
  );
}

export default function SampleSizeCalculator(): React.JSX.Element {
  const [outcome, setOutcome] = useState<Outcome>('means');
  const [p1, setP1] = useState('0.30');
  const [p2, setP2] = useState('0.15');
  const [delta, setDelta] = useState('5');
  const [sd, setSd] = useState('10');
  const [power, setPower] = useState('80');
  const [alpha, setAlpha] = useState('0.05');
  const [dropout, setDropout] = useState('10');

  const result = useMemo((): {ok: SampleSize; call: string} | {error: string} => {
    const common = {power: Number(power) / 100, sigLevel: Number(alpha), dropout: Number(dropout) / 100};
    try {
      if (outcome === 'proportions') {
        return {ok: twoProportions({...common, p1: Number(p1), p2: Number(p2)}), call: `power.prop.test(p1 = ${p1}, p2 = ${p2}, power = ${common.power}, sig.level = ${alpha})`};
      }
      return {ok: twoMeans({...common, delta: Number(delta), sd: Number(sd)}), call: `power.t.test(delta = ${delta}, sd = ${sd}, power = ${common.power}, sig.level = ${alpha})`};
    } catch (error) {
      return {error: (error as Error).message};
    }
  }, [outcome, p1, p2, delta, sd, power, alpha, dropout]);

  return (
    <div className={styles.workbench}>
      <div className={styles.toolbar}>
        <label htmlFor="ss-outcome">Outcome</label>
        <select id="ss-outcome" value={outcome} onChange={(e) => setOutcome(e.target.value as Outcome)}>
          <option value="means">Two means</option>
          <option value="proportions">Two proportions</option>
        </select>
      </div>
      <div className={styles.toolbar}>
        {outcome === 'proportions' ? (
          <>
            <NumberField label="Proportion, control (p1)" value={p1} onChange={setP1} />
            <NumberField label="Proportion, intervention (p2)" value={p2} onChange={setP2} />
          </>
        ) : (
          <>
            <NumberField label="Difference to detect (δ)" value={delta} onChange={setDelta} />
            <NumberField label="Standard deviation (σ)" value={sd} onChange={setSd} />
          </>
        )}
        <NumberField label="Power (%)" value={power} onChange={setPower} />
        <NumberField label="Significance level (two-sided)" value={alpha} onChange={setAlpha} />
        <NumberField label="Expected dropout (%)" value={dropout} onChange={setDropout} />
      </div>
      <div aria-live="polite">
        {'error' in result ? (
          <p role="status" className={styles.error}>
            {result.error}
          </p>
        ) : (
          <dl className={styles.summary} data-testid="sample-size">
            <dt>n per group (R)</dt>
            <dd>{result.ok.n.toFixed(2)}</dd>
            <dt>Analysed per group</dt>
            <dd data-testid="analysed">{result.ok.analysed}</dd>
            <dt>Recruit per group</dt>
            <dd data-testid="recruited">
              {result.ok.recruited} ({result.ok.analysed} ÷ (1 − {Number(dropout) / 100}), rounded up)
            </dd>
            <dt>Recruit in total</dt>
            <dd data-testid="total">{result.ok.total}</dd>
            <dt>Check in R</dt>
            <dd>
              <code>{result.call}</code>
            </dd>
          </dl>
        )}
      </div>
    </div>
  );
}

// The meta-analysis workbench: an extraction table in, the analysis out, recomputed on every
// change by the same engine as `npm run analyse -- meta` (shared/metaAnalysis), with the
// forest and funnel plots, downloads and the R script that reproduces every number.
import React, {useEffect, useMemo, useRef, useState} from 'react';
import useBaseUrl from '@docusaurus/useBaseUrl';
import {analyse, AnalysisError, type AnalysisResult} from '@site/shared/metaAnalysis/analysis';
import {DataError, parseCsv, toDataset} from '@site/shared/metaAnalysis/csv';
import {PRACTICE_DATASETS, stratifiedCsv, type PracticeDataset} from '@site/shared/metaAnalysis/practice';
import {rScript} from '@site/shared/metaAnalysis/rScript';
import type {Dataset, Measure, Method} from '@site/shared/metaAnalysis/types';
import ForestChart from '@site/src/components/lesson/ForestPlot/ForestChart';
import DataGrid, {columnsOf, type GridRow, type Kind} from './DataGrid';
import FunnelPlot from './FunnelPlot';
import SavedAnalyses from './SavedAnalyses';
import type {AnalysisDraft, SavedAnalysis} from '@site/src/lib/savedAnalyses';
import {downloadPng, downloadSvg, resultsCsv, saveBlob} from './downloads';
import styles from './styles.module.css';

const MEASURE_HELP: Record<Measure, string> = {
  RR: 'Risk ratio: the usual choice for binary outcomes; easy to read as a relative change in risk.',
  OR: 'Odds ratio: for case-control data or when a logistic model is the source; close to the RR only when events are rare.',
  RD: 'Risk difference: an absolute effect; it varies more across baseline risks, so expect more heterogeneity.',
  MD: 'Mean difference: when every study measured the outcome on the same scale.',
  SMD: "Standardised mean difference (Hedges' g): when studies used different scales for the same construct.",
};

const METHOD_HELP: Record<Method, string> = {
  FE: 'Common effect (inverse variance): assumes one true effect shared by all studies.',
  MH: 'Mantel–Haenszel: a common-effect method for binary data that copes better with few events.',
  DL: 'Random effects, DerSimonian–Laird τ²: the traditional default; underestimates τ² with few studies.',
  REML: 'Random effects, REML τ²: the recommended estimator for most random-effects analyses.',
  PM: 'Random effects, Paule–Mandel τ²: a good alternative to REML, also for few studies.',
};

const fmt = (x: number | null, d = 3) => (x === null ? '—' : x.toFixed(d));

function rowsFromCsv(text: string): {kind: Kind; withSubgroup: boolean; rows: GridRow[]} {
  const {header, rows} = parseCsv(text);
  return {kind: header.includes('events_t') ? 'binary' : 'continuous', withSubgroup: header.includes('subgroup'), rows};
}

export default function Workbench(): React.JSX.Element {
  const datasetsBase = useBaseUrl('/datasets/');
  const [kind, setKind] = useState<Kind>('binary');
  const [withSubgroup, setWithSubgroup] = useState(false);
  const [rows, setRows] = useState<GridRow[]>([{}, {}]);
  const [measure, setMeasure] = useState<Measure>('RR');
  const [method, setMethod] = useState<Method>('REML');
  const [hksj, setHksj] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const forestRef = useRef<SVGSVGElement>(null);
  const funnelRef = useRef<SVGSVGElement>(null);

  const load = (text: string) => {
    try {
      const next = rowsFromCsv(text);
      setKind(next.kind);
      setWithSubgroup(next.withSubgroup);
      setRows(next.rows);
      setMeasure((m) => (next.kind === 'binary' ? (['RR', 'OR', 'RD'].includes(m) ? m : 'RR') : ['MD', 'SMD'].includes(m) ? m : 'MD'));
      if (next.kind === 'continuous') setMethod((m) => (m === 'MH' ? 'REML' : m));
      setLoadError(null);
    } catch (error) {
      setLoadError((error as Error).message);
    }
  };

  const loadPractice = async (d: PracticeDataset) => {
    if (d.csv) return load(d.csv);
    try {
      const response = await fetch(`${datasetsBase}${d.stratify!.file}`);
      if (!response.ok) throw new Error(`${d.stratify!.file}: HTTP ${response.status}`);
      load(stratifiedCsv(await response.text(), d.stratify!));
    } catch (error) {
      setLoadError(`Could not load the practice dataset (${(error as Error).message}).`);
    }
  };

  // "Open this analysis" links from the lessons: /workbench?dataset=<id>&measure=..&method=..
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const practice = PRACTICE_DATASETS.find((d) => d.id === params.get('dataset'));
    if (practice) void loadPractice(practice);
    const m = params.get('measure')?.toUpperCase();
    if (m && m in MEASURE_HELP) setMeasure(m as Measure);
    const me = params.get('method')?.toUpperCase();
    if (me && me in METHOD_HELP) setMethod(me as Method);
    if (params.get('hksj') === '1') setHksj(true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on arrival
  }, []);

  const computed = useMemo((): {data: Dataset; result: AnalysisResult} | {error: string} => {
    const header = columnsOf(kind, withSubgroup).map((c) => c.key);
    const filled = rows.filter((r) => header.some((h) => (r[h] ?? '').trim() !== ''));
    try {
      const data = toDataset(header, filled);
      return {data, result: analyse(data, {measure, method, hksj})};
    } catch (error) {
      if (error instanceof DataError || error instanceof AnalysisError || error instanceof Error) return {error: error.message};
      return {error: String(error)};
    }
  }, [kind, withSubgroup, rows, measure, method, hksj]);

  const draft = useMemo((): AnalysisDraft | null => {
    const header = columnsOf(kind, withSubgroup).map((c) => c.key);
    const filled = rows.filter((r) => header.some((h) => (r[h] ?? '').trim() !== ''));
    if (filled.length === 0) return null;
    return {measure, method, hksj, data: {kind, withSubgroup, rows: filled.map((r) => Object.fromEntries(header.map((h) => [h, r[h] ?? ''])))}};
  }, [kind, withSubgroup, rows, measure, method, hksj]);

  const openSaved = (a: SavedAnalysis) => {
    setKind(a.data.kind);
    setWithSubgroup(a.data.withSubgroup);
    setRows(a.data.rows.length >= 2 ? a.data.rows : [...a.data.rows, {}, {}].slice(0, 2));
    setMeasure(a.measure);
    setMethod(a.method);
    setHksj(a.hksj);
    setLoadError(null);
  };

  const measures: Measure[] = kind === 'binary' ? ['RR', 'OR', 'RD'] : ['MD', 'SMD'];
  const methods: Method[] = kind === 'binary' ? ['FE', 'MH', 'DL', 'REML', 'PM'] : ['FE', 'DL', 'REML', 'PM'];
  const result = 'result' in computed ? computed.result : null;
  const back = (x: number) => (result?.scale === 'log' ? Math.exp(x) : x);
  const randomEffects = method !== 'FE' && method !== 'MH';

  return (
    <div className={styles.workbench}>
      <section aria-labelledby="wb-data">
        <h2 id="wb-data">1. Data</h2>
        <div className={styles.toolbar}>
          <span>Practice datasets:</span>
          {PRACTICE_DATASETS.map((d) => (
            <button key={d.id} type="button" className="button button--sm button--outline button--primary" title={d.source} onClick={() => void loadPractice(d)}>
              {d.title}
            </button>
          ))}
        </div>
        <div className={styles.toolbar}>
          <label htmlFor="wb-outcome">Outcome</label>
          <select
            id="wb-outcome"
            value={kind}
            onChange={(e) => {
              const k = e.target.value as Kind;
              setKind(k);
              setMeasure(k === 'binary' ? 'RR' : 'MD');
              if (k === 'continuous' && method === 'MH') setMethod('REML');
            }}>
            <option value="binary">Binary (events / N)</option>
            <option value="continuous">Continuous (mean, SD, N)</option>
          </select>
          <label>
            <input type="checkbox" checked={withSubgroup} onChange={(e) => setWithSubgroup(e.target.checked)} /> Subgroup column
          </label>
          <label>
            Upload CSV{' '}
            <input
              type="file"
              accept=".csv,text/csv"
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) void file.text().then(load);
              }}
            />
          </label>
        </div>
        {loadError && (
          <p role="alert" className={styles.error}>
            {loadError}
          </p>
        )}
        <DataGrid kind={kind} withSubgroup={withSubgroup} rows={rows} onChange={setRows} />
      </section>

      <section aria-labelledby="wb-model">
        <h2 id="wb-model">2. Measure and model</h2>
        <div className={styles.toolbar}>
          <label htmlFor="wb-measure">Measure</label>
          <select id="wb-measure" value={measure} onChange={(e) => setMeasure(e.target.value as Measure)}>
            {measures.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </select>
          <label htmlFor="wb-method">Model</label>
          <select id="wb-method" value={method} onChange={(e) => setMethod(e.target.value as Method)}>
            {methods.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </select>
          <label>
            <input type="checkbox" checked={hksj} disabled={method === 'MH'} onChange={(e) => setHksj(e.target.checked)} /> Hartung–Knapp–Sidik–Jonkman (HKSJ)
          </label>
        </div>
        <p className={styles.help}>{MEASURE_HELP[measure]}</p>
        <p className={styles.help}>{METHOD_HELP[method]}</p>
        {hksj && <p className={styles.help}>HKSJ widens the interval with t on k − 1 degrees of freedom; recommended for random effects with few studies.</p>}
      </section>

      <section aria-labelledby="wb-results" aria-live="polite">
        <h2 id="wb-results">3. Results</h2>
        {'error' in computed ? (
          <p role="status" className={styles.error}>
            {computed.error}
          </p>
        ) : (
          <>
            <dl className={styles.summary} data-testid="summary">
              <dt>Pooled {measure}</dt>
              <dd data-testid="pooled">
                {fmt(back(computed.result.estimate))} (95% CI {fmt(back(computed.result.ci_lower))} to {fmt(back(computed.result.ci_upper))})
              </dd>
              {randomEffects && (
                <>
                  <dt>95% prediction interval</dt>
                  <dd data-testid="prediction">
                    {fmt(back(computed.result.pi_lower))} to {fmt(back(computed.result.pi_upper))}
                  </dd>
                </>
              )}
              <dt>Heterogeneity</dt>
              <dd data-testid="heterogeneity">
                Q = {fmt(computed.result.Q, 2)} on {computed.result.Q_df} df (p = {fmt(computed.result.Q_p, 4)}), I² = {fmt(computed.result.I2, 1)}%, τ² = {fmt(computed.result.tau2, 4)}
              </dd>
              <dt>Analysis scale</dt>
              <dd>
                estimate {fmt(computed.result.estimate, 4)}, SE {fmt(computed.result.se, 4)}
                {computed.result.scale === 'log' ? ' (log scale)' : ''}
              </dd>
              {computed.result.egger && (
                <>
                  <dt>Egger&apos;s test</dt>
                  <dd>
                    {computed.result.egger.df === null ? 'z' : 't'} = {fmt(computed.result.egger.stat, 2)}, p = {fmt(computed.result.egger.p, 4)}
                  </dd>
                </>
              )}
              {computed.result.subgroups?.test && (
                <>
                  <dt>Subgroup differences</dt>
                  <dd>
                    {computed.result.subgroups.test.df2 === null ? 'Q' : 'F'} = {fmt(computed.result.subgroups.test.QM, 2)}, p = {fmt(computed.result.subgroups.test.p, 4)}
                  </dd>
                </>
              )}
            </dl>
            <ForestChart
              ref={forestRef}
              title={`Forest plot, ${measure}, ${method}${hksj ? ' with HKSJ' : ''}`}
              measure={measure}
              log={computed.result.scale === 'log'}
              rows={computed.result.studies.map((s) => ({label: s.study, estimate: back(s.yi ?? 0), lower: back(s.ci_lower ?? 0), upper: back(s.ci_upper ?? 0), weight: s.weight}))}
              pooled={{label: `Pooled (${method})`, estimate: back(computed.result.estimate), lower: back(computed.result.ci_lower), upper: back(computed.result.ci_upper)}}
              prediction={randomEffects ? {lower: back(computed.result.pi_lower), upper: back(computed.result.pi_upper)} : null}
              favoursLeft="treatment"
              favoursRight="control"
            />
            <FunnelPlot ref={funnelRef} result={computed.result} />
            {computed.result.leave_one_out.length > 0 && (
              <details>
                <summary>Leave-one-out</summary>
                <table>
                  <thead>
                    <tr>
                      <th scope="col">Without</th>
                      <th scope="col">{measure} [95% CI]</th>
                      <th scope="col">I²</th>
                    </tr>
                  </thead>
                  <tbody>
                    {computed.result.leave_one_out.map((l) => (
                      <tr key={l.omitted}>
                        <th scope="row">{l.omitted}</th>
                        <td>
                          {fmt(back(l.estimate))} [{fmt(back(l.ci_lower))}, {fmt(back(l.ci_upper))}]
                        </td>
                        <td>{fmt(l.I2, 1)}%</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </details>
            )}
            {computed.result.subgroups && (
              <details>
                <summary>Subgroups</summary>
                <table>
                  <thead>
                    <tr>
                      <th scope="col">Subgroup</th>
                      <th scope="col">k</th>
                      <th scope="col">{measure} [95% CI]</th>
                      <th scope="col">I²</th>
                    </tr>
                  </thead>
                  <tbody>
                    {computed.result.subgroups.groups.map((g) => (
                      <tr key={g.subgroup}>
                        <th scope="row">{g.subgroup}</th>
                        <td>{g.k}</td>
                        <td>
                          {fmt(back(g.estimate))} [{fmt(back(g.ci_lower))}, {fmt(back(g.ci_upper))}]
                        </td>
                        <td>{fmt(g.I2, 1)}%</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </details>
            )}
            {computed.result.notes.length > 0 && (
              <ul className={styles.notes}>
                {computed.result.notes.map((n) => (
                  <li key={n}>{n}</li>
                ))}
              </ul>
            )}
            <div className={styles.toolbar}>
              <button type="button" className="button button--sm button--secondary" onClick={() => forestRef.current && downloadSvg(forestRef.current, 'forest-plot.svg')}>
                Forest plot (SVG)
              </button>
              <button type="button" className="button button--sm button--secondary" onClick={() => forestRef.current && downloadPng(forestRef.current, 'forest-plot.png')}>
                Forest plot (PNG)
              </button>
              <button type="button" className="button button--sm button--secondary" onClick={() => funnelRef.current && downloadSvg(funnelRef.current, 'funnel-plot.svg')}>
                Funnel plot (SVG)
              </button>
              <button type="button" className="button button--sm button--secondary" onClick={() => funnelRef.current && downloadPng(funnelRef.current, 'funnel-plot.png')}>
                Funnel plot (PNG)
              </button>
              <button type="button" className="button button--sm button--secondary" onClick={() => saveBlob(new Blob([resultsCsv(computed.result)], {type: 'text/csv'}), 'meta-analysis-results.csv')}>
                Results (CSV)
              </button>
              <button type="button" className="button button--sm button--primary" onClick={() => saveBlob(new Blob([rScript(computed.data, {measure, method, hksj})], {type: 'text/plain'}), 'meta-analysis.R')}>
                R script (metafor)
              </button>
            </div>
          </>
        )}
      </section>

      <section aria-labelledby="wb-saved">
        <h2 id="wb-saved">4. Save and reopen</h2>
        <SavedAnalyses draft={draft} onOpen={openSaved} />
      </section>
    </div>
  );
}

// The readable report the CLI prints: one line per study, the pooled result (back-transformed
// for RR and OR), heterogeneity, leave-one-out, subgroups, Egger's test and the notes.
import type {AnalysisResult} from './analysis';

const f = (x: number | null, digits = 3) => (x === null ? '—' : x.toFixed(digits));

function row(cells: string[], widths: number[]): string {
  return cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
}

/** Effect on the reporting scale: exp() for the ratio measures. */
function shown(result: AnalysisResult, x: number | null): number | null {
  return x === null ? null : result.scale === 'log' ? Math.exp(x) : x;
}

const METHOD_NAMES = {FE: 'common effect (inverse variance)', MH: 'common effect (Mantel–Haenszel)', DL: 'random effects, DerSimonian–Laird τ²', REML: 'random effects, REML τ²', PM: 'random effects, Paule–Mandel τ²'};

export function formatReport(r: AnalysisResult): string {
  const lines: string[] = [];
  const label = r.scale === 'log' ? `${r.measure} (back-transformed from the log scale)` : r.measure;
  lines.push(`Meta-analysis: ${r.k} studies, ${label}, ${METHOD_NAMES[r.method]}${r.hksj ? ', Hartung–Knapp–Sidik–Jonkman' : ''}`, '');
  const name = Math.max(5, ...r.studies.map((s) => s.study.length));
  const widths = [name, 9, 19, 8];
  lines.push(row(['Study', r.measure, '95% CI', 'Weight'], widths));
  for (const s of r.studies) {
    const ci = s.included ? `${f(shown(r, s.ci_lower))} to ${f(shown(r, s.ci_upper))}` : 'excluded';
    lines.push(row([s.study, f(shown(r, s.yi)), ci, s.weight === null ? '—' : `${s.weight.toFixed(1)}%`], widths));
  }
  lines.push('');
  lines.push(`Pooled ${r.measure}: ${f(shown(r, r.estimate))} (95% CI ${f(shown(r, r.ci_lower))} to ${f(shown(r, r.ci_upper))}); ${r.stat_type} = ${r.stat.toFixed(2)}${r.df === null ? '' : ` on ${r.df} df`}, p = ${r.pval < 0.0001 ? '< 0.0001' : r.pval.toFixed(4)}`);
  if (r.method !== 'FE' && r.method !== 'MH') lines.push(`95% prediction interval: ${f(shown(r, r.pi_lower))} to ${f(shown(r, r.pi_upper))}`);
  if (r.scale === 'log') lines.push(`On the log scale: ${f(r.estimate, 4)} (SE ${f(r.se, 4)})`);
  lines.push(`Heterogeneity: Q = ${r.Q.toFixed(2)} on ${r.Q_df} df (p = ${r.Q_p.toFixed(4)}), I² = ${r.I2.toFixed(1)}%, τ² = ${r.tau2.toFixed(4)}`);
  if (r.leave_one_out.length > 0) {
    lines.push('', 'Leave-one-out:');
    for (const l of r.leave_one_out) lines.push(`  without ${l.omitted}: ${f(shown(r, l.estimate))} (${f(shown(r, l.ci_lower))} to ${f(shown(r, l.ci_upper))}), I² = ${l.I2.toFixed(1)}%`);
  }
  if (r.subgroups) {
    lines.push('', 'Subgroups:');
    for (const g of r.subgroups.groups) lines.push(`  ${g.subgroup} (k = ${g.k}): ${f(shown(r, g.estimate))} (${f(shown(r, g.ci_lower))} to ${f(shown(r, g.ci_upper))}), I² = ${g.I2.toFixed(1)}%`);
    const t = r.subgroups.test;
    if (t) lines.push(`  Test for subgroup differences: ${t.df2 === null ? `Q = ${t.QM.toFixed(2)} on ${t.df} df` : `F = ${t.QM.toFixed(2)} on ${t.df} and ${t.df2} df`}, p = ${t.p.toFixed(4)}`);
  }
  if (r.egger) {
    lines.push('', `Egger's test: ${r.egger.df === null ? 'z' : 't'} = ${r.egger.stat.toFixed(2)}${r.egger.df === null ? '' : ` on ${r.egger.df} df`}, p = ${r.egger.p.toFixed(4)}`);
  }
  if (r.notes.length > 0) {
    lines.push('', 'Notes:');
    for (const n of r.notes) lines.push(`- ${n}`);
  }
  return lines.join('\n');
}

// `npm run analyse -- meta <data.csv> [--measure RR|OR|RD|MD|SMD] [--method FE|MH|DL|REML|PM] [--hksj] [--drop00] [--json]`
// The command-line door to shared/metaAnalysis: the same engine the /workbench page runs.
// Bad input or flags: one message on stderr, exit 2 (no stack trace).
import fs from 'node:fs';
import {parseArgs} from 'node:util';
import {analyse, AnalysisError, defaultMeasure, type AnalysisResult} from '../shared/metaAnalysis/analysis';
import {DataError, readDataset} from '../shared/metaAnalysis/csv';
import {formatReport} from '../shared/metaAnalysis/report';
import {Tau2Error} from '../shared/metaAnalysis/tau2';
import {MhError} from '../shared/metaAnalysis/mh';
import {MEASURES, METHODS, type Measure, type Method} from '../shared/metaAnalysis/types';

const USAGE = 'usage: npm run analyse -- meta <data.csv> [--measure RR|OR|RD|MD|SMD] [--method FE|MH|DL|REML|PM] [--hksj] [--drop00] [--json]';

class UsageError extends Error {}

function run(argv: string[]): string {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {measure: {type: 'string'}, method: {type: 'string'}, hksj: {type: 'boolean', default: false}, drop00: {type: 'boolean', default: false}, json: {type: 'boolean', default: false}},
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const {values, positionals} = parsed;
  const [command, file, ...extra] = positionals;
  if (command !== 'meta') throw new UsageError(command === undefined ? 'no command given' : `unknown command "${command}"`);
  if (file === undefined) throw new UsageError('no CSV file given');
  if (extra.length > 0) throw new UsageError(`unexpected argument "${extra[0]}"`);
  const measure = values.measure?.toUpperCase();
  if (measure !== undefined && !MEASURES.includes(measure as Measure)) throw new UsageError(`--measure ${values.measure}: use one of ${MEASURES.join(', ')}`);
  const method = (values.method?.toUpperCase() ?? 'REML') as Method;
  if (!METHODS.includes(method)) throw new UsageError(`--method ${values.method}: use one of ${METHODS.join(', ')}`);
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new DataError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  const data = readDataset(text);
  const result: AnalysisResult = analyse(data, {measure: (measure as Measure | undefined) ?? defaultMeasure(data.kind), method, hksj: values.hksj, drop00: values.drop00});
  return values.json ? JSON.stringify(result, (_key, value: unknown) => (typeof value === 'number' && !Number.isFinite(value) ? null : value), 2) : formatReport(result);
}

try {
  process.stdout.write(`${run(process.argv.slice(2))}\n`);
} catch (error) {
  if (error instanceof UsageError) {
    console.error(`analyse: ${error.message}\n${USAGE}`);
    process.exit(2);
  }
  if (error instanceof DataError || error instanceof AnalysisError || error instanceof Tau2Error || error instanceof MhError) {
    console.error(`analyse: ${error.message}`);
    process.exit(2);
  }
  console.error(`analyse: unexpected failure: ${(error as Error).message}`);
  process.exit(1);
}

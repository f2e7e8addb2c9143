// The workbench's recompute time: the whole analysis (effects, model, prediction interval,
// leave-one-out, Egger) for 100 studies, per method, as the page runs it on every edit.
// Prints the median and worst of repeated runs after a warm-up; the target is < 50 ms.
import {analyse} from '../../shared/metaAnalysis/analysis';
import {readDataset} from '../../shared/metaAnalysis/csv';
import type {Measure, Method} from '../../shared/metaAnalysis/types';
import {DATASETS} from '../analysis/datasets';

const RUNS = 30;

export async function workbenchBench(): Promise<void> {
  console.log('\n=== workbench: recompute 100 studies ===');
  for (const dataset of DATASETS.filter((d) => d.name.includes('large k (100)'))) {
    const data = readDataset(dataset.csv);
    const measure: Measure = data.kind === 'binary' ? 'OR' : 'SMD';
    const methods: Method[] = data.kind === 'binary' ? ['FE', 'MH', 'DL', 'REML', 'PM'] : ['FE', 'DL', 'REML', 'PM'];
    for (const method of methods) {
      const options = {measure, method, hksj: method === 'REML'};
      for (let i = 0; i < 5; i++) analyse(data, options);
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const start = performance.now();
        analyse(data, options);
        times.push(performance.now() - start);
      }
      times.sort((a, b) => a - b);
      const median = times[RUNS >> 1]!;
      console.log(`${data.kind.padEnd(10)} ${measure.padEnd(3)} ${method.padEnd(4)}${options.hksj ? '+HKSJ' : '     '}  median ${median.toFixed(1)} ms, worst ${times.at(-1)!.toFixed(1)} ms`);
    }
  }
  await Promise.resolve();
}

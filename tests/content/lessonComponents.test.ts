// Lessons use <Exercise>, <Download>, … without an import line; the build adds the import to the
// pages that use them, so the other pages do not carry their code.
import {describe, expect, it} from 'vitest';
import type {Root} from 'mdast';
import type {Program} from 'estree';
import {nativeImport} from '../../plugins/nativeImport';
import remarkLessonComponents from '../../plugins/lesson-components/remarkLessonComponents';
import {LESSON_COMPONENT_SOURCES} from '../../src/components/lesson/lessonComponentSources';

/** Compiles MDX with the plugin and returns the compiled module's import lines. */
async function importsOf(mdx: string): Promise<string[]> {
  const {compile} = await nativeImport<typeof import('@mdx-js/mdx')>('@mdx-js/mdx');
  const code = String(await compile(mdx, {remarkPlugins: [remarkLessonComponents]}));
  return code.split('\n').filter((line) => line.startsWith('import ') && !line.includes('react/jsx-runtime'));
}

describe('remarkLessonComponents', () => {
  it('imports the lesson components a page uses, named and default exports alike, one line per module', async () => {
    const imports = await importsOf(
      '# A lesson\n\n<Exercise title="Try it">\n\nText\n\n<Solution>\n\nAnswer\n\n</Solution>\n</Exercise>\n\nGet the <Download href="/a.csv">file</Download>.\n',
    );
    expect(imports).toEqual([
      `import {Exercise, Solution} from "${LESSON_COMPONENT_SOURCES.Exercise.source}";`,
      `import Download from "${LESSON_COMPONENT_SOURCES.Download.source}";`,
    ]);
  });

  it('adds nothing to a page that uses none, nor for a name the lesson imports itself', async () => {
    expect(await importsOf('# Plain\n\nJust text with a <span>tag</span>.\n')).toEqual([]);
    expect(await importsOf("import VideoEmbed from './MyVideo';\n\n<VideoEmbed id=\"x\" />\n")).toEqual(["import VideoEmbed from './MyVideo';"]);
  });

  it('gives MDX an estree it can compile (the import is real code, not only text)', () => {
    const root: Root = {type: 'root', children: [{type: 'mdxJsxFlowElement', name: 'ForestPlot', attributes: [], children: []}]};
    remarkLessonComponents()(root);
    const esm = root.children[0];
    expect(esm?.type).toBe('mdxjsEsm');
    const program = (esm as {data?: {estree?: Program}}).data?.estree;
    expect(program?.body[0]).toMatchObject({type: 'ImportDeclaration', source: {value: LESSON_COMPONENT_SOURCES.ForestPlot.source}});
  });
});

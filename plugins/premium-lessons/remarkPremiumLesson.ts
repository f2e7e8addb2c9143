// Remark plugin for the docs: in a lesson whose front matter says `premium: true`, the body (see
// splitLesson.ts) is compiled on its own and taken out of the page, which keeps only its public
// part and, in the body's place,
//   <PremiumLesson lesson="course/slug" outline={[{id, value, level}, …]} />
// The component fetches the body from Postgres for those allowed to read it, and shows the
// outline and what Premium costs to everyone else.
//
// Registered in `remarkPlugins`, i.e. after Docusaurus' default plugins: heading ids, the `toc`
// export (which therefore lists the body's headings with the ids the body will render),
// admonitions, mermaid and resolved links have been applied to the whole lesson, so the body is
// compiled from exactly what a free lesson would render. A body that fails to compile throws,
// which fails the build.
import type {Root, RootContent} from 'mdast';
import type {Plugin} from 'unified';
import type {VFile} from 'vfile';
import {splitLesson, type OutlineItem} from './splitLesson';
import {compileBody, type CompiledBody} from './compileBody';
import {esmNode, program} from '../mdxEsm';

export interface RemarkPremiumLessonOptions {
  /** Receives each compiled body (the publishing script collects them; the build ignores them). */
  onBody?: (lesson: string, body: CompiledBody) => void;
}

const COMPONENT = 'RmaPremiumLesson';
const LESSON_PATH = /(?:^|[\\/])docs[\\/]modules[\\/]([a-z0-9-]+)[\\/]([a-z0-9-]+)\.mdx?$/;

/** "course/lesson" for a lesson file, or null for any other doc. */
export function lessonKey(filePath: string): string | null {
  const match = LESSON_PATH.exec(filePath);
  return match && match[2] !== 'index' ? `${match[1]}/${match[2]}` : null;
}

function componentImport(): RootContent {
  return esmNode(`import ${COMPONENT} from '@site/src/components/lesson/PremiumLesson';`);
}

function placeholder(lesson: string, outline: OutlineItem[]): RootContent {
  const json = JSON.stringify(outline);
  return {
    type: 'mdxJsxFlowElement',
    name: COMPONENT,
    attributes: [
      {type: 'mdxJsxAttribute', name: 'lesson', value: lesson},
      {
        type: 'mdxJsxAttribute',
        name: 'outline',
        value: {type: 'mdxJsxAttributeValueExpression', value: json, data: {estree: program(`(${json})`)}},
      },
    ],
    children: [],
  };
}

const remarkPremiumLesson: Plugin<[RemarkPremiumLessonOptions?], Root> = (options = {}) => {
  return async (root: Root, file: VFile) => {
    const frontMatter = (file.data as {frontMatter?: {premium?: unknown}}).frontMatter;
    if (frontMatter?.premium !== true) return;
    const lesson = lessonKey(file.path);
    if (!lesson) throw new Error(`${file.path}: only lessons under docs/modules/<course>/ can be Premium`);
    const {publicPart, body, outline} = splitLesson(root);
    const esm = publicPart.filter((node) => node.type === 'mdxjsEsm');
    const compiled = await compileBody(body, esm, file.path);
    options.onBody?.(lesson, compiled);
    const text = publicPart.filter((node) => node.type !== 'mdxjsEsm');
    root.children = [componentImport(), ...esm, ...text, placeholder(lesson, outline)];
  };
};

export default remarkPremiumLesson;

// Remark plugin for the docs: a lesson that uses <Exercise>, <Download>, … without importing it
// gets the import line added (src/components/lesson/lessonComponentSources.ts says from where), so the
// component is bundled with the pages that use it and no other.
//
// Registered last in `remarkPlugins`: after the Premium plugin has taken a Premium lesson's body
// out of the page, so a component only the body uses is not bundled into the public page.
import type {Root} from 'mdast';
import {visit} from 'unist-util-visit';
import {LESSON_COMPONENT_SOURCES, isLessonComponentName, type LessonComponentName} from '../../src/components/lesson/lessonComponentSources';
import {esmNode, importedNames} from '../mdxEsm';

/** `import Default, {named, other as Local} from "…";` for the components one module supplies. */
function importLine(source: string, names: LessonComponentName[]): string {
  const exportOf = (name: LessonComponentName) => LESSON_COMPONENT_SOURCES[name].export;
  const defaults = names.filter((name) => exportOf(name) === 'default');
  const named = names.filter((name) => exportOf(name) !== 'default').map((name) => (exportOf(name) === name ? name : `${exportOf(name)} as ${name}`));
  const clause = [...defaults, ...(named.length > 0 ? [`{${named.join(', ')}}`] : [])].join(', ');
  return `import ${clause} from ${JSON.stringify(source)};`;
}

export default function remarkLessonComponents() {
  return (root: Root): void => {
    const declared = importedNames(root.children);
    const bySource = new Map<string, LessonComponentName[]>();
    visit(root, (node) => {
      if (node.type !== 'mdxJsxFlowElement' && node.type !== 'mdxJsxTextElement') return;
      const name = node.name?.split('.')[0];
      if (!name || !isLessonComponentName(name) || declared.has(name)) return;
      const {source} = LESSON_COMPONENT_SOURCES[name];
      const names = bySource.get(source) ?? [];
      if (!names.includes(name)) bySource.set(source, [...names, name]);
    });
    root.children.unshift(...[...bySource].map(([source, names]) => esmNode(importLine(source, names))));
  };
}

// Remark plugin for the docs: a lesson that uses <Exercise>, <Download>, … without importing it
// gets the import line added (src/components/lessonComponentSources.ts says from where), so the
// component is bundled with the pages that use it and no other.
//
// Registered last in `remarkPlugins`: after the Premium plugin has taken a Premium lesson's body
// out of the page, so a component only the body uses is not bundled into the public page.
import type {Root, RootContent} from 'mdast';
import type {ImportDeclaration, Program} from 'estree';
import {visit} from 'unist-util-visit';
import {LESSON_COMPONENT_SOURCES, isLessonComponentName, type LessonComponentName} from '../../src/components/lessonComponentSources';

/** Names the lesson's own import lines already declare. */
function declaredNames(root: Root): Set<string> {
  const names = new Set<string>();
  for (const node of root.children) {
    if (node.type !== 'mdxjsEsm') continue;
    const program = node.data?.estree as Program | undefined;
    for (const statement of program?.body ?? []) {
      if (statement.type === 'ImportDeclaration') for (const specifier of statement.specifiers) names.add(specifier.local.name);
    }
  }
  return names;
}

/** One `import` per module, as an ESM node with the estree MDX compiles from. */
export function importNode(source: string, names: LessonComponentName[]): RootContent {
  const specifiers: ImportDeclaration['specifiers'] = names.map((name) => {
    const local = {type: 'Identifier' as const, name};
    const exported = LESSON_COMPONENT_SOURCES[name].export;
    return exported === 'default'
      ? {type: 'ImportDefaultSpecifier' as const, local}
      : {type: 'ImportSpecifier' as const, imported: {type: 'Identifier' as const, name: exported}, local};
  });
  const defaults = names.filter((n) => LESSON_COMPONENT_SOURCES[n].export === 'default');
  const named = names.filter((n) => LESSON_COMPONENT_SOURCES[n].export !== 'default');
  const clause = [...defaults, ...(named.length > 0 ? [`{${named.map((n) => (LESSON_COMPONENT_SOURCES[n].export === n ? n : `${LESSON_COMPONENT_SOURCES[n].export} as ${n}`)).join(', ')}}`] : [])];
  const value = `import ${clause.join(', ')} from '${source}';`;
  const declaration: ImportDeclaration = {type: 'ImportDeclaration', specifiers, source: {type: 'Literal', value: source, raw: JSON.stringify(source)}, attributes: []};
  const estree: Program = {type: 'Program', sourceType: 'module', body: [declaration]};
  return {type: 'mdxjsEsm', value, data: {estree}};
}

export default function remarkLessonComponents() {
  return (root: Root): void => {
    const declared = declaredNames(root);
    const used = new Set<LessonComponentName>();
    visit(root, (node) => {
      if (node.type !== 'mdxJsxFlowElement' && node.type !== 'mdxJsxTextElement') return;
      const name = node.name?.split('.')[0];
      if (name && isLessonComponentName(name) && !declared.has(name)) used.add(name);
    });
    const bySource = new Map<string, LessonComponentName[]>();
    for (const name of used) {
      const {source} = LESSON_COMPONENT_SOURCES[name];
      bySource.set(source, [...(bySource.get(source) ?? []), name]);
    }
    root.children.unshift(...[...bySource].map(([source, names]) => importNode(source, names)));
  };
}

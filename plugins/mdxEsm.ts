// ESM in an MDX tree, for the remark plugins that read a lesson's import lines or add their own
// (premium-lessons, lesson-components). MDX compiles ESM from each node's estree, so a node added
// by a plugin carries the estree of its own text.
import type {RootContent} from 'mdast';
import type {Program} from 'estree';
import {parse} from 'acorn';

/** JavaScript source as the estree MDX expects. */
export function program(source: string): Program {
  return parse(source, {ecmaVersion: 'latest', sourceType: 'module'}) as unknown as Program;
}

/** An ESM node (an import line) with its estree. */
export function esmNode(source: string): RootContent {
  return {type: 'mdxjsEsm', value: source, data: {estree: program(source)}};
}

/** Local names the tree's import lines declare, with the module each comes from. */
export function importedNames(nodes: RootContent[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const node of nodes) {
    if (node.type !== 'mdxjsEsm') continue;
    const estree = node.data?.estree as Program | undefined;
    for (const statement of estree?.body ?? []) {
      if (statement.type !== 'ImportDeclaration') continue;
      for (const specifier of statement.specifiers) names.set(specifier.local.name, String(statement.source.value));
    }
  }
  return names;
}

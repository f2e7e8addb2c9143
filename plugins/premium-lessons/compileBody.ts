// The one compiler for Premium lesson bodies, used by the remark plugin during `docusaurus build`
// (so a body that does not compile fails the build) and by `npm run sync:courses` (which
// publishes bodies without a site build).
//
// Input: the body's mdast AFTER Docusaurus' own remark plugins ran on the whole lesson, so
// admonitions, heading ids (one slugger for the whole lesson: the TOC's ids), mermaid code blocks
// and resolved doc links are exactly what a free lesson gets. Output: MDX compiled with
// outputFormat 'function-body'; the site runs it with react/jsx-runtime and the theme's MDX
// components, plus the components the lesson imported (see BODY_IMPORT_SOURCES).
import {createHash} from 'node:crypto';
import type {Root, RootContent} from 'mdast';
import type {Program} from 'estree';
import {visit} from 'unist-util-visit';
import {VFile} from 'vfile';
import {nativeImport} from '../nativeImport';
import {importedNames} from '../mdxEsm';
import codeMetaPlugin from './codeMetaPlugin';
import {BODY_FORMAT, BODY_IMPORT_SOURCES, isBodyImportSource} from '../../src/components/lesson/PremiumLesson/bodyContract';

export interface CompiledBody {
  format: string;
  code: string;
  /** Component name used in the body → the module the lesson imported it from. */
  imports: Record<string, string>;
  /** sha256 of format, code and imports: publishing skips unchanged bodies. */
  hash: string;
}

function fail(filePath: string, message: string): never {
  throw new Error(`Premium body of ${filePath}: ${message}`);
}

/** What the body needs from its imports; refuses what cannot run outside the page's module. */
function checkBody(body: RootContent[], imports: Map<string, string>, filePath: string): Record<string, string> {
  const used: Record<string, string> = {};
  visit({type: 'root', children: body} as Root, (node) => {
    if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') {
      const name = node.name?.split('.')[0];
      const source = name ? imports.get(name) : undefined;
      if (name && source) {
        if (!isBodyImportSource(source)) {
          fail(filePath, `<${name}> comes from "${source}", which a Premium body cannot import (allowed: ${BODY_IMPORT_SOURCES.join(', ')})`);
        }
        used[name] = source;
      }
      for (const attribute of node.attributes) {
        const value = attribute.type === 'mdxJsxAttribute' ? attribute.value : attribute;
        const text = typeof value === 'object' && value !== null ? value.value : '';
        if (/\brequire\s*\(/.test(text)) fail(filePath, 'local images and files are not supported in a Premium body');
      }
    }
    if (node.type === 'mdxFlowExpression' || node.type === 'mdxTextExpression') {
      const program = node.data?.estree as Program | undefined;
      if (program && program.body.length > 0) fail(filePath, `the expression {${node.value}} cannot run outside the lesson's module`);
    }
  });
  return used;
}

export async function compileBody(body: RootContent[], esm: RootContent[], filePath: string): Promise<CompiledBody> {
  const imports = checkBody(body, importedNames(esm), filePath);
  const {createProcessor} = await nativeImport<typeof import('@mdx-js/mdx')>('@mdx-js/mdx');
  const processor = createProcessor({
    outputFormat: 'function-body',
    development: false,
    // Runs last in Docusaurus too: code blocks get the metastring the theme's CodeBlock reads.
    remarkPlugins: [codeMetaPlugin],
  });
  const file = new VFile({path: filePath});
  // The nodes are reused as they are: Docusaurus already transformed them.
  // createProcessor's types start at the estree stage; run() takes the mdast root all the same.
  const tree = await processor.run({type: 'root', children: body} as unknown as Parameters<typeof processor.run>[0], file);
  const code = String(processor.stringify(tree, file));
  const hash = createHash('sha256').update(JSON.stringify([BODY_FORMAT, code, imports])).digest('hex');
  return {format: BODY_FORMAT, code, imports, hash};
}

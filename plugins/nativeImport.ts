// Docusaurus loads its config, and with it our plugins, through jiti, which runs modules in a vm
// context and rewrites `import()` into its own CommonJS loader; ESM-only packages (@mdx-js/mdx,
// beautiful-mermaid, pagefind) break under it. esmLoader.cjs is loaded with Node's own require
// (createRequire is outside jiti's reach), so its import() is Node's native ESM loader.
import {createRequire} from 'node:module';

const load = createRequire(__filename)('./esmLoader.cjs') as (specifier: string) => Promise<unknown>;

export function nativeImport<T>(specifier: string): Promise<T> {
  return load(specifier) as Promise<T>;
}

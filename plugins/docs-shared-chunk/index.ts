// Every docs page loads two route chunks side by side: the layout with the sidebar
// (@theme/DocRoot) and the page (@theme/DocItem). Both use the site's data store, the progress and
// Premium hooks and the catalog helpers (sidebar ticks and locks beside the lesson's footer and
// course list). Docusaurus switches off the bundler's default group for modules that chunks share,
// so each chunk carried its own copy and a lesson downloaded them twice. This group moves what
// both use into one chunk they both load; no other page loads it (they keep their own copies), so
// no other page fetches an extra file.
import {readdirSync} from 'node:fs';
import path from 'node:path';
import {simpleHash} from '@docusaurus/utils';
import type {Plugin} from '@docusaurus/types';

/**
 * The production names of the two route chunks: Docusaurus names a route component's chunk by
 * simpleHash(module path, 8) (codegenRoutes' genChunkName). A development build names them
 * otherwise, and there the group simply selects nothing.
 */
export const DOCS_PAGE_CHUNKS = ['@theme/DocRoot', '@theme/DocItem'].map((modulePath) => simpleHash(modulePath, 8));

export default function docsSharedChunkPlugin(): Plugin {
  return {
    name: 'docs-shared-chunk',
    configureWebpack(_config, isServer) {
      if (isServer) return {};
      return {
        optimization: {
          splitChunks: {
            cacheGroups: {
              docsShared: {
                chunks: new RegExp(`^(${DOCS_PAGE_CHUNKS.join('|')})$`),
                minChunks: DOCS_PAGE_CHUNKS.length,
                minSize: 0,
                priority: 30,
                reuseExistingChunk: true,
              },
            },
          },
        },
      };
    },
    postBuild({outDir}) {
      // A Docusaurus that names its route chunks otherwise would leave the group selecting
      // nothing, silently: the build says so instead.
      const files = readdirSync(path.join(outDir, 'assets', 'js'));
      const missing = DOCS_PAGE_CHUNKS.filter((name) => !files.some((file) => file.startsWith(`${name}.`)));
      if (missing.length > 0) throw new Error(`plugins/docs-shared-chunk: no route chunk ${missing.join(', ')} in the build; Docusaurus names its chunks otherwise now`);
    },
  };
}

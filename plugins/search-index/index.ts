// Builds the offline full-text search index after `docusaurus build`, from the built HTML itself
// (Pagefind), so the index holds exactly what the static pages hold: a Premium lesson's public
// part and never its body, which is not in the build. Pages opt in with `data-pagefind-body`.
import fs from 'node:fs';
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import type * as Pagefind from 'pagefind';
import {nativeImport} from '../nativeImport';

export const SEARCH_INDEX_DIR = 'pagefind';

export async function buildSearchIndex(siteDir: string): Promise<{pages: number}> {
  const pagefind = await nativeImport<typeof Pagefind>('pagefind');
  try {
    // "I²" is a glossary term learners search for; Pagefind drops symbols unless told to keep them.
    const {index, errors} = await pagefind.createIndex({forceLanguage: 'en', includeCharacters: '²'});
    if (!index) throw new Error(`search index: ${errors.join('; ')}`);
    const added = await index.addDirectory({path: siteDir});
    if (added.errors.length > 0) throw new Error(`search index: ${added.errors.join('; ')}`);
    const outputPath = path.join(siteDir, SEARCH_INDEX_DIR);
    const written = await index.writeFiles({outputPath});
    if (written.errors.length > 0) throw new Error(`search index: ${written.errors.join('; ')}`);
    // Pagefind also writes its ready-made UIs and its web worker; the site has its own dialog and
    // searches without the worker (src/lib/search/pagefindRuntime.ts), so they would be dead files.
    for (const file of fs.readdirSync(outputPath)) {
      if (/^pagefind-(.+-)?ui\.(js|css)$|^pagefind-highlight\.js$|^pagefind-worker\.js$/.test(file)) fs.rmSync(path.join(outputPath, file));
    }
    return {pages: added.page_count};
  } finally {
    await pagefind.close();
  }
}

export default function searchIndexPlugin(): Plugin {
  return {
    name: 'search-index',
    async postBuild({outDir}) {
      const {pages} = await buildSearchIndex(outDir);
      console.log(`[search-index] ${pages} pages indexed into ${SEARCH_INDEX_DIR}/`);
    },
  };
}

// Hands the course catalog (read from docs/modules at build time) to React pages through
// global data, so pages such as /modules and /explore never hard-code the course list.
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {readCatalog} from '../../src/catalog/readCatalog';
import type {CourseCatalog} from '../../src/catalog/types';

export default function courseCatalogPlugin(context: LoadContext): Plugin<CourseCatalog> {
  const docsDir = path.join(context.siteDir, 'docs');
  return {
    name: 'course-catalog',
    getPathsToWatch() {
      return [path.join(docsDir, 'modules/**/*.{md,mdx,check.yaml}')];
    },
    async loadContent() {
      return readCatalog(docsDir);
    },
    async contentLoaded({content, actions}) {
      actions.setGlobalData(content);
    },
  };
}

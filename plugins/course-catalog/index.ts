// Hands the course catalog (read from docs/modules at build time) to React pages through
// global data, so pages such as /modules and /explore never hard-code the course list. Global
// data is in every page's code, so the descriptions, which only a few pages show or search, go to
// a module of their own that those pages import (src/catalog/descriptions.ts).
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {readCatalog} from '../../src/catalog/readCatalog';
import {catalogDescriptions, withoutDescriptions, type DescribedCatalog} from '../../src/catalog/types';

export default function courseCatalogPlugin(context: LoadContext): Plugin<DescribedCatalog> {
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
      actions.setGlobalData(withoutDescriptions(content));
      await actions.createData('descriptions.json', JSON.stringify(catalogDescriptions(content)));
    },
  };
}

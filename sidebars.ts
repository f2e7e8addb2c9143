import path from 'node:path';
import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';
import {readCatalog} from './src/catalog/readCatalog';

// The course sidebar is built from the catalog, so module and lesson order live only in the
// docs' front matter (sidebar_position).
const catalog = readCatalog(path.join(__dirname, 'docs'));

const sidebars: SidebarsConfig = {
  courseSidebar: [
    'intro',
    'modules',
    ...catalog.courses.map((course) => ({
      type: 'category' as const,
      label: course.title,
      link: {type: 'doc' as const, id: course.docId},
      collapsed: course.orderIndex !== 1,
      items: course.lessons.map((lesson) =>
        lesson.isPremium
          ? {type: 'doc' as const, id: lesson.docId, className: 'sidebar-premium'}
          : lesson.docId,
      ),
    })),
    'academic-writing',
    // docs/video-integration.mdx (audience: authors) is for authors: reachable by its address only.
  ],
};

export default sidebars;

// The remark plugins the docs run before Docusaurus' defaults, and their rehype plugins, in one
// place: the site build (docusaurus.config.ts) and the Premium body compiler
// (premium-lessons/compileLessons.ts) must transform lessons identically, or a Premium learner
// would see a body unlike the free pages.
import remarkDiagrams from './diagrams/remarkDiagrams';
import rehypeTaskListLabels from './task-list-labels/rehypeTaskListLabels';
import rehypeReferencesWeight from './search-index/rehypeReferencesWeight';
import rehypeScrollableTables from './scrollable-tables/rehypeScrollableTables';

export const docsBeforeDefaultRemarkPlugins = [remarkDiagrams];
export const docsRehypePlugins = [rehypeTaskListLabels, rehypeScrollableTables, rehypeReferencesWeight];

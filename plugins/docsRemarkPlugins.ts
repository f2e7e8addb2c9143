// The remark plugins the docs run before Docusaurus' defaults, in one place: the site build
// (docusaurus.config.ts) and the Premium body compiler (premium-lessons/compileLessons.ts) must
// transform lessons identically, or a Premium learner would see a body unlike the free pages.
import remarkDiagrams from './diagrams/remarkDiagrams';

export const docsBeforeDefaultRemarkPlugins = [remarkDiagrams];

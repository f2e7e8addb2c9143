// The components a lesson uses without an import line (<Exercise>, <Download>, …), and the module
// and export each comes from. No JSX: the build (plugins/lesson-components) reads it in Node.
//
// Why not register them in src/theme/MDXComponents.tsx: everything there is in the code of every
// docs page, and most lessons use none of these. The build instead adds the import to the lessons
// that use one, so only those pages download it. A Premium body is compiled before that import is
// added and gets the components at run time (PremiumLesson/bodyComponents.ts).
export const LESSON_COMPONENT_SOURCES = {
  Exercise: {source: '@site/src/components/lesson/Exercise', export: 'Exercise'},
  Solution: {source: '@site/src/components/lesson/Exercise', export: 'Solution'},
  Download: {source: '@site/src/components/lesson/Download', export: 'default'},
  VideoEmbed: {source: '@site/src/components/lesson/VideoEmbed', export: 'default'},
  ForestPlot: {source: '@site/src/components/lesson/ForestPlot', export: 'default'},
  // What every ```mermaid block becomes (plugins/diagrams).
  Diagram: {source: '@site/src/components/lesson/Diagram', export: 'default'},
} as const satisfies Record<string, {source: string; export: string}>;

export type LessonComponentName = keyof typeof LESSON_COMPONENT_SOURCES;

export function isLessonComponentName(name: string): name is LessonComponentName {
  return Object.hasOwn(LESSON_COMPONENT_SOURCES, name);
}

// Stands in for theme-classic's prism-include-languages client module (see index.ts): Prism's
// grammars are registered by src/theme/CodeBlock/Highlighted.tsx, which loads with the first code block.
export {};

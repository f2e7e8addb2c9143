// Where a lesson's knowledge check lives: `<lesson>.check.yaml` beside the lesson's .mdx. Kept
// apart from the parser (readChecks.ts) so the course catalog can ask whether a lesson has a
// check without loading the schema.
export const CHECK_SUFFIX = '.check.yaml';

export function checkFileFor(lessonFile: string): string {
  return lessonFile.replace(/\.mdx?$/, CHECK_SUFFIX);
}

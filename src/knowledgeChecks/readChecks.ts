// Node-only: finds and parses every lesson's knowledge check (`<lesson>.check.yaml` beside the
// lesson's .mdx). Used by the content test and by the step that publishes checks to the database.
import fs from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';
import {knowledgeCheck, type KnowledgeCheck} from './schema';
import {CHECK_SUFFIX, checkFileFor} from './checkFile';

export {CHECK_SUFFIX, checkFileFor};

export interface LessonCheck {
  /** `<course>/<lesson>`, the lesson's id below docs/modules. */
  lesson: string;
  file: string;
  check: KnowledgeCheck;
}

/** Parses and validates one check file; throws with the file name and every problem found. */
export function readCheckFile(file: string): KnowledgeCheck {
  const result = knowledgeCheck.safeParse(parse(fs.readFileSync(file, 'utf8')));
  if (!result.success) {
    const problems = result.error.issues.map((i) => `  ${i.path.join('.') || '(file)'}: ${i.message}`).join('\n');
    throw new Error(`${file}:\n${problems}`);
  }
  return result.data;
}

export function readChecks(docsDir: string): LessonCheck[] {
  const modulesDir = path.join(docsDir, 'modules');
  return fs
    .readdirSync(modulesDir, {withFileTypes: true})
    .filter((d) => d.isDirectory())
    .flatMap((course) =>
      fs
        .readdirSync(path.join(modulesDir, course.name))
        .filter((name) => name.endsWith(CHECK_SUFFIX))
        .map((name) => {
          const file = path.join(modulesDir, course.name, name);
          return {lesson: `${course.name}/${name.slice(0, -CHECK_SUFFIX.length)}`, file, check: readCheckFile(file)};
        }),
    );
}

// Citations name the current version of the standards the course teaches. Issue #29 found the
// Cochrane Handbook cited as version 6.4 through /archive/v6.4/ links, the retired
// consort-statement.org site, and SPIRIT without its 2025 version. One constant per standard here;
// when a new version appears, change it and the test lists every page still citing the old one.
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {DOCS_DIR, listDocFiles, readDoc} from './docsTree';

/** Cochrane Handbook for Systematic Reviews of Interventions, version 6.5 (August 2024). */
const HANDBOOK_VERSION = '6.5';
/** The joint SPIRIT–CONSORT website that replaced consort-statement.org with the 2025 statements. */
const SPIRIT_CONSORT_SITE = 'https://www.consort-spirit.org';

/** Every file a learner reads: lessons and pages, and the knowledge-check pools. */
function learnerFiles(dir = DOCS_DIR): {id: string; text: string}[] {
  const pages = listDocFiles(dir).map((file) => ({id: path.relative(DOCS_DIR, file), text: readDoc(file).body}));
  const checks = fs
    .readdirSync(dir, {recursive: true, encoding: 'utf8'})
    .filter((f) => f.endsWith('.check.yaml'))
    .map((f) => ({id: f, text: fs.readFileSync(path.join(dir, f), 'utf8')}));
  return [...pages, ...checks];
}

const files = learnerFiles();

describe('citation versions', () => {
  it('link the Cochrane Handbook through its current pages, never an archived version', () => {
    for (const {id, text} of files) {
      const links = text.match(/https?:\/\/(?:www\.)?training\.cochrane\.org\/handbook[^\s)"'>]*/g) ?? [];
      for (const link of links) {
        expect(link, `${id}`).toMatch(/^https:\/\/training\.cochrane\.org\/handbook(?:\/current(?:\/chapter-\d{2}|\/chapter-[ivx]+)?)?$/);
      }
    }
  });

  it(`name the Cochrane Handbook as version ${HANDBOOK_VERSION} whenever a version is named`, () => {
    let named = 0;
    for (const {id, text} of files) {
      for (const m of text.matchAll(/Cochrane Handbook[^.\n]{0,80}?\b(?:version|v)\s?(\d+(?:\.\d+)+)/gi)) {
        named += 1;
        expect(m[1], `${id}: "${m[0]}"`).toBe(HANDBOOK_VERSION);
      }
    }
    expect(named, 'the lessons that cite Handbook chapters name the version').toBeGreaterThanOrEqual(4);
  });

  it('link CONSORT and SPIRIT on the joint SPIRIT–CONSORT site, never consort-statement.org', () => {
    for (const {id, text} of files) {
      expect(text, id).not.toMatch(/consort-statement\.org/i);
      for (const link of text.match(/https?:\/\/[^\s)"'>]*consort[^\s)"'>]*/gi) ?? []) {
        expect(link.startsWith(SPIRIT_CONSORT_SITE), `${id}: ${link}`).toBe(true);
      }
    }
  });

  it('name SPIRIT with its 2025 version', () => {
    for (const {id, text} of files) {
      for (const m of text.matchAll(/\bSPIRIT\b(?![–-]CONSORT)(.{0,5})/g)) {
        expect(m[1], `${id}: "${m[0]}"`).toMatch(/^ 2025/);
      }
    }
  });
});

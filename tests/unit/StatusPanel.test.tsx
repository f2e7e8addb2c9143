// The status panel (sign-in prompts, refusals, "password updated") draws its picture as an SVG in
// the theme's colour. An emoji would follow the reader's system font: a blank box where none has
// emoji (this project's CI Chromium among them), another design's artwork everywhere else.
import fs from 'node:fs';
import path from 'node:path';
import React from 'react';
import {render, screen} from '@testing-library/react';
import {describe, expect, it} from 'vitest';
import StatusPanel from '../../src/components/StatusPanel';
import type {StatusIconName} from '../../src/components/StatusPanel/icons';

const ICONS: StatusIconName[] = ['lock', 'denied', 'person', 'progress', 'done', 'key'];

/** Characters that render as emoji by default (Unicode's Emoji_Presentation property). */
const EMOJI = /\p{Emoji_Presentation}/u;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, {withFileTypes: true}).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(tsx?|css)$/.test(entry.name) ? [full] : [];
  });
}

describe('StatusPanel', () => {
  it.each(ICONS)('draws the %s icon as an SVG hidden from assistive technology, beside a named region', (icon) => {
    const {container} = render(
      <StatusPanel icon={icon} title="Sign in to see your account">
        <p>Body text</p>
      </StatusPanel>,
    );
    const region = screen.getByRole('region', {name: 'Sign in to see your account'});
    const svg = container.querySelector(`svg[data-icon="${icon}"]`);
    expect(svg).not.toBeNull();
    expect(svg).toHaveAttribute('aria-hidden', 'true');
    expect(svg?.querySelector('path, circle, rect')).not.toBeNull();
    expect(region.textContent).not.toMatch(EMOJI);
  });

  it('no component or page of the site writes an emoji into its interface', () => {
    const root = path.resolve(__dirname, '../../src');
    const offenders = sourceFiles(root).flatMap((file) =>
      fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) => (EMOJI.test(line) ? [`${path.relative(root, file)}:${index + 1}: ${line.trim()}`] : [])),
    );
    expect(offenders).toEqual([]);
  });
});

// The status panel (sign-in prompts, refusals, "password updated") draws its picture as an SVG in
// the theme's colour. An emoji would follow the reader's system font: a blank box where none has
// emoji (this project's CI Chromium among them), another design's artwork everywhere else.
import fs from 'node:fs';
import path from 'node:path';
import React from 'react';
import {render, screen} from '@testing-library/react';
import {describe, expect, it} from 'vitest';
import StatusPanel from '../../src/components/site/StatusPanel';
import type {StatusIconName} from '../../src/components/site/StatusPanel/icons';

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

  it('draws each icon from its own strokes: a box or a circle, then one path', () => {
    const drawn = (icon: StatusIconName) =>
      Array.from(render(<StatusPanel icon={icon} title={icon}>{null}</StatusPanel>).container.querySelectorAll('svg > *'), (shape) =>
        [shape.tagName, ...Array.from(shape.attributes, (a) => `${a.name}=${a.value}`)].join(' '),
      );
    expect(drawn('lock')).toEqual(['rect x=5 y=11 width=14 height=10 rx=2', 'path d=M8 11V8a4 4 0 0 1 8 0v3M12 15v2']);
    expect(drawn('denied')).toEqual(['circle cx=12 cy=12 r=9', 'path d=M5.6 5.6l12.8 12.8']);
    expect(drawn('progress')).toEqual(['path d=M4 4v16h16M7 15l4-4 3 3 6-6M15 8h5v5']);
    expect(drawn('key')).toEqual(['circle cx=8 cy=16 r=4', 'path d=M10.8 13.2L20 4M16 8l2.5 2.5M13.5 10.5l2 2']);
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

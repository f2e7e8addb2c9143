import {describe, expect, it} from 'vitest';
import type {PrismTheme} from 'prism-react-renderer';
import {darkCodeTheme, lightCodeTheme} from '../../src/config/prismThemes';

function rgb(colour: string): [number, number, number] {
  const fn = /^rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(colour);
  if (fn) return [Number(fn[1]), Number(fn[2]), Number(fn[3])];
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(colour)?.[1];
  if (!hex) throw new Error(`unparsed colour ${colour}`);
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

function luminance(colour: string): number {
  const [r, g, b] = rgb(colour).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

function lowContrastTokens(theme: PrismTheme): string[] {
  const background = theme.plain.backgroundColor as string;
  const colours = [{types: ['plain'], colour: theme.plain.color as string}, ...theme.styles.map((s) => ({types: s.types, colour: s.style.color}))];
  return colours
    .filter((c): c is {types: string[]; colour: string} => typeof c.colour === 'string' && !c.colour.startsWith('rgba'))
    .filter((c) => contrast(c.colour, background) < 4.5)
    .map((c) => `${c.types.join('/')} ${c.colour} ${contrast(c.colour, background).toFixed(2)}:1`);
}

describe('code block themes', () => {
  it('give every token at least 4.5:1 against the block background', () => {
    expect(lowContrastTokens(lightCodeTheme)).toEqual([]);
    expect(lowContrastTokens(darkCodeTheme)).toEqual([]);
  });
});

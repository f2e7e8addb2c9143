// Code-block colours that meet WCAG AA (4.5:1) against their own background in both colour
// modes. prism-react-renderer's github and dracula themes do not (comments 2.7:1 and 3.0:1);
// vsLight passes except its attribute-name red (4.0:1 on white), darkened here, and oceanicNext
// passes as shipped. tests/unit/prismThemes.test.ts checks every token colour.
import {themes, type PrismTheme} from 'prism-react-renderer';

const AA_ATTR_NAME_RED = '#c41a16';

export const lightCodeTheme: PrismTheme = {
  ...themes.vsLight,
  styles: themes.vsLight.styles.map((entry) =>
    entry.types.includes('attr-name') ? {...entry, style: {...entry.style, color: AA_ATTR_NAME_RED}} : entry,
  ),
};

export const darkCodeTheme: PrismTheme = themes.oceanicNext;

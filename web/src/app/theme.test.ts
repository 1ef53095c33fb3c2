import { theme as antdTheme } from 'antd';
import { describe, expect, it } from 'vitest';
import { theme } from './theme';

/**
 * WCAG 2.x contrast (SC 1.4.3, AA) of the theme's text colours against the backgrounds they are
 * drawn on, with antd's derived tokens resolved from our theme. Normal text needs 4.5:1.
 * Disabled text (colorTextDisabled) is exempt in WCAG and is not checked.
 */
type Rgb = [number, number, number];

function parse(colour: string): { rgb: Rgb; alpha: number } {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(colour.trim());
  if (hex) {
    let digits = hex[1] ?? '';
    if (digits.length === 3) digits = digits.replace(/./g, (d) => d + d);
    const value = (i: number) => parseInt(digits.slice(i, i + 2), 16);
    return { rgb: [value(0), value(2), value(4)], alpha: digits.length === 8 ? value(6) / 255 : 1 };
  }
  const rgba = /^rgba?\(\s*([\d.]+)\s*,\s*([\d.]+)\s*,\s*([\d.]+)\s*(?:,\s*([\d.]+)\s*)?\)$/i.exec(colour.trim());
  if (rgba) {
    return { rgb: [Number(rgba[1]), Number(rgba[2]), Number(rgba[3])], alpha: rgba[4] === undefined ? 1 : Number(rgba[4]) };
  }
  throw new Error(`cannot read the colour ${colour}`);
}

/** The colour seen when `colour` (maybe translucent) is painted on an opaque `background`. */
function over(colour: string, background: Rgb): Rgb {
  const { rgb, alpha } = parse(colour);
  const mix = (i: 0 | 1 | 2) => rgb[i] * alpha + background[i] * (1 - alpha);
  return [mix(0), mix(1), mix(2)];
}

function luminance([r, g, b]: Rgb): number {
  const channel = (value: number) => {
    const c = value / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** The contrast ratio of text colour `text` on `background` (itself painted on white if translucent). */
export function contrast(text: string, background: string): number {
  const bg = over(background, [255, 255, 255]);
  const fg = over(text, bg);
  const [a, b] = [luminance(fg), luminance(bg)];
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

const token = antdTheme.getDesignToken(theme) as unknown as Record<string, string>;
const tokenValue = (name: string) => {
  const value = token[name];
  if (typeof value !== 'string') throw new Error(`no colour token ${name}`);
  return value;
};
/** antd Tag's default background: colorFillQuaternary on colorBgContainer. */
const tagDefaultBg = over(tokenValue('colorFillQuaternary'), over(tokenValue('colorBgContainer'), [255, 255, 255]));
const rgbHex = (rgb: Rgb) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
const tableTokens = theme.components?.Table ?? {};
const required = (value: string | undefined, name: string) => {
  if (!value) throw new Error(`no colour ${name}`);
  return value;
};

const backgrounds: Record<string, string> = {
  colorBgContainer: tokenValue('colorBgContainer'),
  colorBgLayout: tokenValue('colorBgLayout'),
  colorInfoBg: tokenValue('colorInfoBg'),
  colorWarningBg: tokenValue('colorWarningBg'),
  colorErrorBg: tokenValue('colorErrorBg'),
  colorSuccessBg: tokenValue('colorSuccessBg'),
  tagDefaultBg: rgbHex(tagDefaultBg),
  tableHeaderBg: required(tableTokens.headerBg, 'Table headerBg'),
  tableRowHoverBg: required(tableTokens.rowHoverBg, 'Table rowHoverBg'),
};

/** Text colours drawn on any of the backgrounds (body text, secondary text, placeholders, links). */
const textTokens = ['colorText', 'colorTextSecondary', 'colorTextTertiary', 'colorTextDescription', 'colorTextPlaceholder', 'colorLink', 'colorLinkHover', 'colorLinkActive'];
/** Status text (form errors, Typography type danger/warning/success) on the page and in cards. */
const statusTokens = ['colorError', 'colorWarning', 'colorSuccess', 'colorErrorText', 'colorWarningText', 'colorSuccessText', 'colorInfoText'];
/** The preset colours our Tags use: antd draws them as `<colour>7` text on `<colour>1`. */
const tagPresets = ['blue', 'geekblue', 'gold', 'green', 'purple', 'red', 'cyan', 'orange'];

interface Pair {
  text: string;
  on: string;
  ratio: number;
}

function pairs(): Pair[] {
  const result: Pair[] = [];
  for (const text of textTokens) {
    for (const [on, background] of Object.entries(backgrounds)) {
      result.push({ text, on, ratio: contrast(tokenValue(text), background) });
    }
  }
  for (const text of statusTokens) {
    for (const on of ['colorBgContainer', 'colorBgLayout']) {
      result.push({ text, on, ratio: contrast(tokenValue(text), required(backgrounds[on], on)) });
    }
  }
  const tinted: Record<string, string> = { colorErrorText: 'colorErrorBg', colorWarningText: 'colorWarningBg', colorSuccessText: 'colorSuccessBg', colorInfoText: 'colorInfoBg' };
  for (const [text, on] of Object.entries(tinted)) result.push({ text, on, ratio: contrast(tokenValue(text), required(backgrounds[on], on)) });
  for (const preset of tagPresets) {
    result.push({ text: `Tag ${preset} (${preset}7)`, on: `${preset}1`, ratio: contrast(tokenValue(`${preset}7`), tokenValue(`${preset}1`)) });
  }
  // Primary buttons, and white text on the teal brand mark.
  result.push({ text: 'colorTextLightSolid', on: 'colorPrimary', ratio: contrast(tokenValue('colorTextLightSolid'), tokenValue('colorPrimary')) });
  return result;
}

describe('theme colour contrast (WCAG 2.2 SC 1.4.3, AA)', () => {
  it('the contrast test reads colours right', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrast('rgba(0, 0, 0, 0.45)', '#ffffff')).toBeCloseTo(contrast('#8c8c8c', '#ffffff'), 1);
  });

  it('every text colour meets 4.5:1 on every background it is used on', () => {
    const all = pairs();
    if (process.env.PRINT_CONTRAST) {
      console.log(all.map((p) => `${p.text} on ${p.on}: ${p.ratio.toFixed(2)}`).join('\n'));
    }
    const failing = all.filter((p) => p.ratio < 4.5).map((p) => `${p.text} on ${p.on}: ${p.ratio.toFixed(2)}:1`);
    expect(failing).toEqual([]);
  });
});

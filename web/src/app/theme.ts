import type { ThemeConfig } from 'antd';

/** The insurer's look: deep navy brand, teal accent, calm neutral surfaces. */
export const brand = {
  navy: '#0b2545',
  navyLight: '#13315c',
  teal: '#0f766e',
  surface: '#f4f6f9',
} as const;

export const theme: ThemeConfig = {
  token: {
    colorPrimary: brand.teal,
    colorLink: brand.teal,
    // antd lightens a link under the pointer, to 3.8:1 on the footer's surface (issue 50): a
    // hovered or pressed link goes darker instead, and is checked with the other text colours.
    colorLinkHover: '#0b5d57',
    colorLinkActive: '#0b5d57',
    colorInfo: '#1d4ed8',
    colorBgLayout: brand.surface,
    // WCAG 2.2 AA (SC 1.4.3): every text colour meets 4.5:1 on white, the page surface and the
    // tinted alert, tag and table backgrounds (checked by theme.test.ts). antd's defaults are
    // translucent greys and bright status colours that fall short (e.g. secondary text 3.3:1,
    // placeholders 1.8:1, form errors 3.3:1), so these are darker shades of the same hues.
    colorTextTertiary: '#5c6470',
    // Typography type="secondary", descriptions and help text.
    colorTextDescription: '#5c6470',
    colorTextPlaceholder: '#636b78',
    // Status text: form errors, Typography type="danger" / "warning" / "success".
    colorError: '#cf1322',
    colorWarning: '#ad4e00',
    colorSuccess: '#237804',
    // antd derives these tints from the status colours above, and from the darker ones they come
    // out muddy; keep antd's usual light tints (text on them is checked too).
    colorSuccessBg: '#f6ffed',
    colorSuccessBorder: '#b7eb8f',
    colorWarningBg: '#fffbe6',
    colorWarningBorder: '#ffe58f',
    // The preset Tag colours we use draw `<colour>7` text on `<colour>1`; these four were too light.
    gold7: '#876800',
    green7: '#237804',
    cyan7: '#006d75',
    orange7: '#ad4e00',
    borderRadius: 6,
    fontSize: 15,
    fontFamily:
      "'Segoe UI', 'Helvetica Neue', Arial, 'Noto Sans', 'Liberation Sans', sans-serif",
  },
  components: {
    Layout: {
      headerBg: brand.navy,
      headerHeight: 64,
      headerPadding: '0 32px',
      footerBg: '#ffffff',
    },
    Menu: {
      darkItemBg: brand.navy,
      darkItemSelectedBg: brand.navyLight,
      darkPopupBg: brand.navy,
    },
    Card: {
      headerFontSize: 17,
    },
    Table: {
      headerBg: '#f8fafc',
      rowHoverBg: '#eef6f5',
    },
  },
};

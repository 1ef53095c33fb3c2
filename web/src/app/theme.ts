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
    colorInfo: '#1d4ed8',
    colorBgLayout: brand.surface,
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

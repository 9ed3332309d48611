import type { ThemeConfig } from 'antd';

/** The member site's navy and gold, in a desktop back-office. */
export const NAVY = '#101a36';
export const GOLD = '#e6c074';

export const theme: ThemeConfig = {
  // issue 25: antd writes no component styles in the browser (a quarter of a screen's start-up
  // went into generating them); they come precompiled from antd/dist/antd.css (main.tsx), which
  // reads every colour, radius and font through CSS variables, so the tokens below still apply.
  zeroRuntime: true,
  token: {
    colorPrimary: '#2a4cb8',
    colorLink: '#2a4cb8',
    borderRadius: 6,
    fontFamily: "-apple-system, BlinkMacSystemFont, 'PingFang SC', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Helvetica Neue', Arial, sans-serif",
  },
  components: {
    Layout: { siderBg: NAVY, headerBg: '#ffffff', bodyBg: '#f5f6fa', headerPadding: '0 24px', headerHeight: 56 },
    Menu: { darkItemBg: NAVY, darkSubMenuItemBg: '#0b1329', darkItemSelectedBg: '#2a4cb8' },
  },
};

import type { ThemeConfig } from 'antd';

/** The brand colour is shared with the public pages' CSS (--sl-primary in public.css). */
export const BRAND_PRIMARY = '#1f5eff';

export const appTheme: ThemeConfig = {
  token: { colorPrimary: BRAND_PRIMARY, borderRadius: 6, fontFamily: 'inherit' },
  components: { Layout: { headerBg: '#ffffff', headerHeight: 56, headerPadding: '0 16px', siderBg: '#ffffff' } },
};

import type { ThemeConfig } from 'antd';
import './antdContrast.css';

/** The brand colour is shared with the public pages' CSS (--sl-primary in public.css). */
export const BRAND_PRIMARY = '#1f5eff';

/** Captions, hints and secondary figures: the analytics pages' #5d6678, dark enough for small text. */
export const SECONDARY_TEXT = '#5d6678';

export const appTheme: ThemeConfig = {
  token: {
    colorPrimary: BRAND_PRIMARY,
    borderRadius: 6,
    fontFamily: 'inherit',
    // antd's secondary and tertiary text (rgba(0, 0, 0, 0.45)) is 3.3:1 on white, under WCAG's
    // 4.5:1 for text; the slate of our own captions reads 5.9:1 on white and 5.5:1 on the page grey.
    colorTextSecondary: SECONDARY_TEXT,
    colorTextTertiary: SECONDARY_TEXT,
    colorTextDescription: SECONDARY_TEXT,
    // The same rule for the other small texts antd draws light: placeholders (1.8:1), links
    // (#1677ff, 4.1:1; ours is the brand blue, 5.1:1), success and error text (2.3:1 and 3.3:1) and
    // the green tags (antdContrast.css: preset tag colours are not tokens).
    colorTextPlaceholder: '#767676',
    colorLink: BRAND_PRIMARY,
    colorSuccessText: '#237804',
    colorErrorText: '#cf1322',
    // Danger buttons (closing a store, deleting) write their label in colorError: antd's #ff4d4f is
    // 3.3:1 on white; red-7 reads 5.6:1, and white on it (a primary danger button) as much.
    colorError: '#cf1322',
    colorWarningText: '#ad4e00',
  },
  components: { Layout: { headerBg: '#ffffff', headerHeight: 56, headerPadding: '0 16px', siderBg: '#ffffff' } },
};

import type { Theme } from '@cloudscape-design/components/theming';
import type { ThemeName } from './theme-preference';

/** One brand colour scale per theme; `light` is used in light mode, `dark` in dark mode (applyMode). */
interface BrandPalette {
  /** Primary buttons, links, focus rings, selected controls. */
  main: { light: string; dark: string };
  hover: { light: string; dark: string };
  active: { light: string; dark: string };
  /** Background of selected items (table rows, tiles). */
  selectedBackground: { light: string; dark: string };
  /** Top navigation bar: carries the theme's identity in both modes. */
  topBar: { light: string; dark: string };
}

const PALETTES: Record<ThemeName, BrandPalette> = {
  // Navy blues: the classic look of a school's letterhead.
  academicExcellence: {
    main: { light: '#1d4e89', dark: '#8cb4f0' },
    hover: { light: '#163d6c', dark: '#b0cdf6' },
    active: { light: '#102d50', dark: '#b0cdf6' },
    selectedBackground: { light: '#eaf1fb', dark: '#14253d' },
    topBar: { light: '#0f2a4a', dark: '#0b1c33' },
  },
  // Teal greens: calm, library-like.
  knowledgeHub: {
    main: { light: '#00695c', dark: '#5fd3c3' },
    hover: { light: '#00564b', dark: '#8fe3d7' },
    active: { light: '#00443b', dark: '#8fe3d7' },
    selectedBackground: { light: '#e6f4f1', dark: '#0d2b27' },
    topBar: { light: '#003d35', dark: '#062521' },
  },
  // Violet: a brighter, contemporary feel.
  modernSchool: {
    main: { light: '#6a3fb5', dark: '#c3a6ff' },
    hover: { light: '#57329a', dark: '#d6c2ff' },
    active: { light: '#44267a', dark: '#d6c2ff' },
    selectedBackground: { light: '#f2ecfc', dark: '#261a3d' },
    topBar: { light: '#2e1a57', dark: '#1c1036' },
  },
};

function toTheme(p: BrandPalette): Theme {
  return {
    tokens: {
      colorBackgroundButtonPrimaryDefault: p.main,
      colorBackgroundButtonPrimaryHover: p.hover,
      colorBackgroundButtonPrimaryActive: p.active,
      colorBorderButtonPrimaryDefault: p.main,
      colorBorderButtonPrimaryHover: p.hover,
      colorBorderButtonPrimaryActive: p.active,
      colorTextLinkDefault: p.main,
      colorTextLinkHover: p.hover,
      colorTextAccent: p.main,
      colorBorderItemFocused: p.main,
      colorBackgroundControlChecked: p.main,
      colorBorderItemSelected: p.main,
      colorBackgroundItemSelected: p.selectedBackground,
      colorTextButtonNormalDefault: p.main,
      colorBorderButtonNormalDefault: p.main,
      colorTextButtonNormalHover: p.hover,
      colorBorderButtonNormalHover: p.hover,
      colorBackgroundLayoutToggleSelectedDefault: p.main,
      colorBackgroundLayoutToggleSelectedHover: p.hover,
      colorBackgroundLayoutToggleSelectedActive: p.active,
    },
    contexts: {
      'top-navigation': { tokens: { colorBackgroundContainerContent: p.topBar } },
    },
  };
}

export const BRAND_THEMES: Record<ThemeName, Theme> = {
  academicExcellence: toTheme(PALETTES.academicExcellence),
  knowledgeHub: toTheme(PALETTES.knowledgeHub),
  modernSchool: toTheme(PALETTES.modernSchool),
};

/**
 * The console's colours: antd's palette, darkened where its defaults fall short of WCAG AA contrast
 * (4.5:1) for text, which Lighthouse's accessibility audit checks: the primary and link blue, the
 * secondary and placeholder greys, and the tag colours that carry text on a pale ground.
 */
export const PRIMARY = "#175cd3";

export const THEME_TOKENS = {
  colorPrimary: PRIMARY,
  colorInfo: PRIMARY,
  colorLink: PRIMARY,
  borderRadius: 8,
  /** Secondary text (Typography type="secondary", descriptions): antd's 45 % black is 3.4:1. */
  colorTextTertiary: "rgba(0, 0, 0, 0.6)",
  colorTextDescription: "rgba(0, 0, 0, 0.6)",
  colorTextPlaceholder: "rgba(0, 0, 0, 0.55)",
  /** Tag text (the 7th shade of each preset on its 1st): the ones under 4.5:1 take a darker shade. */
  green7: "#237804",
  gold7: "#874d00",
  orange7: "#ad4e00",
  cyan7: "#006d75",
  volcano7: "#ad2102",
  lime7: "#3f6600",
};

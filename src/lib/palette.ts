/**
 * The console's colours: antd's palette, adjusted where its defaults fall short of WCAG AA contrast
 * (4.5:1) for text, which Lighthouse's and axe's audits check: the primary and link blue, the danger
 * red (antd's #ff4d4f is 3.26:1 on white: the small danger buttons), the secondary and placeholder
 * greys, and the tag colours that carry text on a pale ground. Dark mode has its own set: on a dark
 * ground no accent is both light enough to read as text and dark enough under white text, so there
 * the accents are light and the text on them is dark.
 */
export const PRIMARY = "#175cd3";

export const THEME_TOKENS = {
  colorPrimary: PRIMARY,
  colorInfo: PRIMARY,
  colorLink: PRIMARY,
  /** 5.6:1 on white, 4.8:1 on its pale error ground (alerts). */
  colorError: "#cf1322",
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

/**
 * Two places where antd draws text in its disabled grey (25 % black, 1.8:1) that is no disabled
 * control to assistive technology, so WCAG's exemption does not hold: an empty table's message and
 * a disabled select's value (a field shown but not editable).
 */
const readableDisabled = (colour: string) => ({ Table: { colorTextDisabled: colour }, Select: { colorTextDisabled: colour } });

/**
 * Success and warning as text (status tags, Typography type="success"/"warning"): antd's green and
 * gold are 2.2:1 and 1.8:1 on their pale grounds. Only the text darkens: as seeds they would also
 * turn the grounds derived from them grey.
 */
const readableStatusText = { colorSuccess: "#237804", colorWarning: "#874d00" };

export const LIGHT_COMPONENTS = { ...readableDisabled("rgba(0, 0, 0, 0.6)"), Tag: readableStatusText, Typography: readableStatusText };

/** Text on the light accents of dark mode (primary and danger buttons, step numbers, badges). */
const ON_ACCENT_DARK = "#141414";

/**
 * Seeds for antd's dark algorithm, which darkens them: the primary becomes #5c99dc (5.5:1 on the
 * dialogs' #1f1f1f, 6.2:1 under dark text), the error #dc6966 (4.9:1 on #1f1f1f).
 */
export const DARK_THEME_TOKENS = {
  colorPrimary: "#69b1ff",
  colorInfo: "#69b1ff",
  colorLink: "#69b1ff",
  colorError: "#ff7875",
  borderRadius: 8,
  colorTextTertiary: "rgba(255, 255, 255, 0.6)",
  colorTextDescription: "rgba(255, 255, 255, 0.6)",
  colorTextPlaceholder: "rgba(255, 255, 255, 0.5)",
  colorTextLightSolid: ON_ACCENT_DARK,
  /** Tag text, as in light: the two presets under 4.5:1 on their dark ground take a lighter shade. */
  purple7: "#ab7ae0",
  geekblue7: "#7f9ef3",
};

/** Where dark mode's dark text on accents must not apply: grounds that are dark (tooltips, image preview, currency tags). */
export const DARK_COMPONENTS = {
  ...readableDisabled("rgba(255, 255, 255, 0.6)"),
  Button: { primaryColor: ON_ACCENT_DARK, dangerColor: ON_ACCENT_DARK },
  Tooltip: { colorTextLightSolid: "#ffffff" },
  /** Currency tags are solid in the currency's own deep colour (src/lib/assets.ts), made for white text. */
  Tag: { colorTextLightSolid: "#ffffff" },
  Image: { colorTextLightSolid: "#ffffff" },
  /** The selected entry's blue on its tinted ground is 3.4:1: a lighter blue reads. */
  Menu: { itemSelectedColor: "#a6d1ff" },
};

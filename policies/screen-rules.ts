/**
 * The screens' policy rules ("page:<route>", action "view"), derived rather than written: a screen
 * opens for whoever may call the endpoint it shows, by that endpoint's own rules in policy.csv, with
 * the screen's declared difference applied (resources/define-screen.ts). So a screen cannot drift
 * from its API: change the endpoint's rule and its screens follow.
 */
import type { Screen } from "../resources/define-screen.ts";

type Rule = { perm: string; obj: string; act: string; feature: string };

const rulesOf = (policyText: string): Rule[] =>
  policyText
    .split("\n")
    .map((line) => line.trim().split(/\s*,\s*/))
    .filter((cells) => cells[0] === "p")
    .map(([, perm, obj, act, feature]) => ({ perm, obj, act, feature }));

/** The model's matcher on actions: the rule's action is a regular expression matched whole. */
const allows = (rule: Rule, obj: string, act: string) => rule.obj === obj && new RegExp(`^(${rule.act})$`).test(act);

function featuresOf(rule: Rule, screen: Screen): string {
  const { alsoNeeds = [], without = [] } = screen.differs ?? {};
  const needed = rule.feature === "*" ? [] : rule.feature.split("&");
  const features = [...needed.filter((f) => !(without as readonly string[]).includes(f)), ...alsoNeeds.filter((f) => !needed.includes(f))];
  return features.length ? features.join("&") : "*";
}

/** The policy lines of the screens, one per rule that allows the endpoint each screen shows. */
export function screenRules(policyText: string, screens: readonly Screen[]): string {
  const rules = rulesOf(policyText);
  const seen = new Set<string>();
  const lines = screens.flatMap((screen) => {
    if (seen.has(screen.path)) throw new Error(`screen ${screen.path} is declared twice`);
    seen.add(screen.path);
    const { obj, act } = screen.shows.access;
    const only = screen.differs?.onlyPermission;
    const allowing = rules.filter((r) => allows(r, obj, act) && (!only || r.perm === only));
    // A screen whose endpoint no rule allows would be open to nobody: a declaration error, found at start-up.
    if (!allowing.length) throw new Error(`screen ${screen.path}: no policy rule allows ${obj} ${act}${only ? ` for ${only}` : ""}`);
    return allowing.map((r) => `p, ${r.perm}, page:${screen.path}, view, ${featuresOf(r, screen)}`);
  });
  return lines.join("\n");
}

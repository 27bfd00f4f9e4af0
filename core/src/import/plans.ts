/**
 * An imported membership's plan: the admin's choice for that name in the mapping step, else the
 * catalogue's plan of the same name (case, accents and punctuation aside), else none (the row
 * is explained and waits for the mapping step).
 */
import { foldHeader } from './sources';

/** The old system's plan name as a mapping key: "Unlimited – Monthly" → "unlimitedmonthly". */
export function planNameKey(name: string): string {
  return foldHeader(name).slice(0, 200);
}

export interface CataloguePlan {
  id: string;
  name: string;
}

export function planFor(
  name: string,
  choices: Readonly<Record<string, string>>,
  catalogue: readonly CataloguePlan[],
): string | undefined {
  const key = planNameKey(name);
  if (key.length === 0) return undefined;
  const chosen = choices[key];
  if (chosen !== undefined) return chosen;
  return catalogue.find((plan) => planNameKey(plan.name) === key)?.id;
}

/** The plan names of a membership file that neither the admin nor the catalogue maps. */
export function unmappedPlanNames(
  names: Iterable<string>,
  choices: Readonly<Record<string, string>>,
  catalogue: readonly CataloguePlan[],
): string[] {
  const unknown = new Map<string, string>();
  for (const name of names) {
    const key = planNameKey(name);
    if (key.length > 0 && !unknown.has(key) && planFor(name, choices, catalogue) === undefined)
      unknown.set(key, name);
  }
  return [...unknown.values()];
}

/** Values for a message's placeholders. */
export type MessageParams = Readonly<Record<string, string | number>>;

const SIMPLE = /\$?\{(\w+)\}/g;
const CHOICE_START = /\{(\w+), (select|plural), /g;

/** The index of the `}` closing the `{` at `open`, or -1. */
function closingBrace(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i += 1) {
    if (text[i] === '{') depth += 1;
    else if (text[i] === '}') {
      depth -= 1;
      if (depth === 0) return i;
    }
  }
  return -1;
}

/** `one {…} other {…}` → case name → text (texts may hold `{name}` placeholders). */
function choiceCases(body: string): Map<string, string> | undefined {
  const cases = new Map<string, string>();
  let at = 0;
  while (at < body.length) {
    const head = /^\s*(=?\w+)\s*\{/.exec(body.slice(at));
    if (!head) return body.slice(at).trim() === '' ? cases : undefined;
    const open = at + head[0].length - 1;
    const close = closingBrace(body, open);
    if (close < 0) return undefined;
    cases.set(head[1] ?? '', body.slice(open + 1, close));
    at = close + 1;
  }
  return cases;
}

function pickCase(
  kind: string,
  value: string | number | undefined,
  cases: Map<string, string>,
): string | undefined {
  if (value === undefined) return undefined;
  if (kind === 'plural') {
    const exact = cases.get(`=${value}`);
    if (exact !== undefined) return exact;
    if (Number(value) === 1 && cases.has('one')) return cases.get('one');
  } else if (cases.has(String(value))) return cases.get(String(value));
  return cases.get('other');
}

/**
 * The one placeholder filler, for the server's messages and the web's labels alike: `{name}`,
 * and `${name}` because the spec quotes its subscribe button as a template literal
 * ('SUSCRIBE ${price} USD x month'); the `$` is not shown. A placeholder without a value stays.
 * A choice picks a text by a value, as ICU messages do, so one key reads right in each language:
 * `{period, select, week {this week} other {this month}}` and
 * `{count, plural, one {class} =0 {no class} other {classes}}` (a branch may hold placeholders).
 */
export function formatMessage(template: string, params?: MessageParams): string {
  if (!params) return template;
  let out = '';
  let at = 0;
  CHOICE_START.lastIndex = 0;
  for (let match = CHOICE_START.exec(template); match; match = CHOICE_START.exec(template)) {
    const close = closingBrace(template, match.index);
    const cases =
      close < 0 ? undefined : choiceCases(template.slice(CHOICE_START.lastIndex, close));
    const picked = cases && pickCase(match[2] ?? '', params[match[1] ?? ''], cases);
    if (picked === undefined || close < 0) continue;
    out += fillSimple(template.slice(at, match.index), params) + formatMessage(picked, params);
    at = close + 1;
    CHOICE_START.lastIndex = at;
  }
  return out + fillSimple(template.slice(at), params);
}

function fillSimple(text: string, params: MessageParams): string {
  return text.replace(SIMPLE, (placeholder, name: string) => {
    const value = params[name];
    return value === undefined ? placeholder : String(value);
  });
}

/**
 * The parameter names a template uses, sorted, each once: simple placeholders, each choice's
 * own name, and the placeholders inside its branches (a branch's plain words are not names).
 */
export function placeholderNames(template: string): string[] {
  const names = new Set<string>();
  let at = 0;
  CHOICE_START.lastIndex = 0;
  for (let match = CHOICE_START.exec(template); match; match = CHOICE_START.exec(template)) {
    const close = closingBrace(template, match.index);
    const cases =
      close < 0 ? undefined : choiceCases(template.slice(CHOICE_START.lastIndex, close));
    if (!cases) continue;
    for (const name of simpleNames(template.slice(at, match.index))) names.add(name);
    names.add(match[1] ?? '');
    for (const branch of cases.values())
      for (const name of placeholderNames(branch)) names.add(name);
    at = close + 1;
    CHOICE_START.lastIndex = at;
  }
  for (const name of simpleNames(template.slice(at))) names.add(name);
  return [...names].sort();
}

function simpleNames(text: string): string[] {
  return [...text.matchAll(SIMPLE)].map((match) => match[1] ?? '');
}

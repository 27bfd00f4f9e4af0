// Text a member wrote (a name, a guest's name) shown where someone else reads it: the studio's
// mail, a coach's list. It is data, never message: one line, no invisible or direction-changing
// characters, a bounded length, and no link a mail client could make of it.

/**
 * Characters that change how the rest of a line reads without being seen: C0/C1 controls, the
 * soft hyphen, bidirectional marks, embeddings, overrides and isolates (U+202A–202E,
 * U+2066–2069: U+202E before "moc.live" shows it as "evil.com"), zero-width and other format characters, variation
 * selectors, the byte-order mark and the Hangul fillers that render as blanks.
 */
const HIDDEN = new RegExp(
  // eslint-disable-next-line no-misleading-character-class -- each mark is listed to be removed on its own
  '[\\u0000-\\u001f\\u007f-\\u009f\\u00ad\\u061c\\u115f\\u1160\\u17b4\\u17b5\\u180e' +
    '\\u200b-\\u200f\\u202a-\\u202e\\u2060-\\u206f\\u3164\\ufe00-\\ufe0f\\ufeff\\uffa0]',
  'gu',
);

/** How much of a member's name mail and lists show. */
export const MEMBER_TEXT_MAX = 40;

/**
 * The text on one line, hidden characters and runs of spaces made one space, and at most `max`
 * characters (code points, so an emoji is never cut in half), ending in "…" when shortened.
 */
export function plainMemberText(value: string, max = MEMBER_TEXT_MAX): string {
  const flat = value.replace(HIDDEN, ' ').replace(/\s+/gu, ' ').trim();
  const characters = [...flat];
  if (characters.length <= max) return flat;
  return `${characters
    .slice(0, max - 1)
    .join('')
    .trimEnd()}…`;
}

/** A zero-width space: invisible, and no mail client's link detection reads across it. */
const BREAK = '\u200b';

/**
 * `plainMemberText`, with a zero-width space before each dot and after each `:` and `@`, so
 * "pay at https://evil.example" or "x@evil.example" reads the same but is never turned into a
 * link by the client showing it.
 */
export function unlinkedMemberText(value: string, max = MEMBER_TEXT_MAX): string {
  return plainMemberText(value, max)
    .replace(/[.．。]/gu, (dot) => `${BREAK}${dot}`)
    .replace(/[:@]/gu, (mark) => `${mark}${BREAK}`);
}

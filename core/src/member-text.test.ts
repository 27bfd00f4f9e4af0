import { describe, expect, it } from 'vitest';
import { MEMBER_TEXT_MAX, plainMemberText, unlinkedMemberText } from './member-text';

describe('plainMemberText', () => {
  it.each([
    ['Ana López', 'Ana López'],
    ['  Ana \n\t López  ', 'Ana López'],
    ['Ana\r\nBcc: x@evil.example', 'Ana Bcc: x@evil.example'],
    // A right-to-left override would show "moc.live" as "evil.com".
    ['Ana \u202emoc.live\u202c', 'Ana moc.live'],
    ['A\u200bn\u2066a\u2069\ufeff', 'A n a'],
    ['\u0000\u0007', ''],
  ])('%j → %j', (input, output) => {
    expect(plainMemberText(input)).toBe(output);
  });

  it('shortens to the limit with an ellipsis, never splitting a character', () => {
    const long = 'x'.repeat(2000);
    expect([...plainMemberText(long)]).toHaveLength(MEMBER_TEXT_MAX);
    expect(plainMemberText(long).endsWith('…')).toBe(true);
    const emoji = '😀'.repeat(50);
    const shortened = plainMemberText(emoji, 10);
    expect([...shortened]).toEqual([...'😀'.repeat(9), '…']);
  });
});

describe('unlinkedMemberText', () => {
  it.each([
    'Your card was declined - re-enter it at https://evil.example/pay',
    'write to boss@evil.example',
    'www.evil.example',
  ])('leaves no address a mail client would link: %s', (bait) => {
    const shown = unlinkedMemberText(bait, 200);
    expect(shown.replace(/\u200b/g, '')).toBe(bait);
    expect(shown).not.toMatch(/https?:\/\//);
    expect(shown).not.toMatch(/\w\.\w/);
    expect(shown).not.toMatch(/\w@\w/);
  });
});

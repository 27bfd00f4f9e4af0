import { MAIL_PREFERENCE_KINDS, PUSH_KINDS } from '@studio/core';
import { describe, expect, it } from 'vitest';
import { mailSettingsMessages } from './mail-settings-messages';
import { NOTIFICATION_GROUPS } from './notification-topics';

const topics = NOTIFICATION_GROUPS.flatMap((group) => group.topics);

describe('the notification topics', () => {
  it('offer every mail kind a member may turn off, once', () => {
    const mail = topics.map((topic) => topic.mail).filter((kind) => kind && kind !== 'always');
    expect([...mail].sort()).toEqual([...MAIL_PREFERENCE_KINDS].sort());
  });

  it('offer every push kind, once', () => {
    const push = topics.map((topic) => topic.push).filter(Boolean);
    expect([...push].sort()).toEqual([...PUSH_KINDS].sort());
  });

  it('each carry a label in both languages, none twice', () => {
    const labels = topics.map((topic) => topic.label);
    expect(new Set(labels).size).toBe(labels.length);
    for (const label of labels) {
      expect(mailSettingsMessages.en[label]).toBeTruthy();
      expect(mailSettingsMessages.es[label]).toBeTruthy();
    }
  });
});

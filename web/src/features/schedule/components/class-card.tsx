import type { CSSProperties } from 'react';
import { scheduleMessages } from '../schedule-messages';
import type { Coach, StudioClass } from '@studio/core';
import { classPhase } from '@studio/core';
import type { BadgeTone } from '../../../components/ui/badge';
import { Avatar } from '../../../components/ui/avatar';
import { Badge } from '../../../components/ui/badge';
import { useT } from '../../../lib/i18n';
import { fillOf } from './schedule-days';

export interface ClassCardProps {
  cls: StudioClass;
  name: string;
  /** The class type's colour (`Exercises/{id}.color`), its accent on the card. */
  colour?: string | undefined;
  /** Undefined until the catalogue has loaded; the card keeps its size meanwhile. */
  coach: Coach | undefined;
  branch: string | undefined;
  /** The member's own place ('Booked', 'Waiting list #2'), shown instead of how full it is. */
  memberStatus: string | undefined;
  open: boolean;
  onOpen: () => void;
  /** The clock's now: a class under way or over says so, never "N spots left". */
  now: number;
}

/**
 * One class of the day: time and length, name, coach, branch and how full it is (a bar, and a
 * badge when few spots or none are left). The button's name starts with the time and the class
 * name, as a member scans the list.
 */
export function ClassCard({
  cls,
  name,
  colour,
  coach,
  branch,
  memberStatus,
  open,
  onOpen,
  now,
}: ClassCardProps) {
  const t = useT(scheduleMessages);
  const fill = fillOf(cls.capacity, cls.bookedCount);
  const phase = classPhase(cls, now);
  const badge: { tone: BadgeTone; text: string } | null =
    phase === 'cancelled'
      ? { tone: 'neutral', text: t('cancelled') }
      : memberStatus !== undefined
        ? { tone: 'primary', text: memberStatus }
        : phase === 'in-progress'
          ? { tone: 'primary', text: t('classUnderWay') }
          : phase === 'ended'
            ? { tone: 'neutral', text: t('classOver') }
            : fill.left === 0
              ? { tone: 'danger', text: t('full') }
              : fill.few
                ? { tone: 'warning', text: t('fewSpotsLeft') }
                : null;
  return (
    <button
      type="button"
      className={phase === 'upcoming' ? 'class-item' : 'class-item is-past'}
      style={colour ? ({ '--class-colour': colour } as CSSProperties) : undefined}
      aria-haspopup="dialog"
      aria-expanded={open}
      onClick={onOpen}
    >
      <span className="class-time">
        <span className="class-hour">{cls.hour}</span>
        <span className="class-duration">{t('minutes', { count: cls.duration })}</span>
      </span>
      <span className="class-main">
        <span className="class-name">{name}</span>
        <span className="class-meta">
          {coach ? (
            <Avatar name={coach.name} src={coach.img} size="s" decorative />
          ) : (
            <span className="class-avatar-placeholder" aria-hidden="true" />
          )}
          <span className="class-coach">{coach?.name ?? '\u00a0'}</span>
        </span>
        {/* Always drawn, so the catalogue arriving after the week does not move the cards. */}
        <span className="class-branch">{branch ?? '\u00a0'}</span>
      </span>
      <span className="class-fill">
        {badge ? (
          <Badge tone={badge.tone} className="class-status">
            {badge.text}
          </Badge>
        ) : (
          <span className="class-status">{t('spotsLeft', { count: fill.left })}</span>
        )}
        {phase === 'upcoming' && (
          <span className="fill-track" aria-hidden="true">
            <span className="fill-bar" style={{ inlineSize: `${Math.round(fill.ratio * 100)}%` }} />
          </span>
        )}
      </span>
    </button>
  );
}

import {
  DEFAULT_QUIET_HOURS,
  wantsPush,
  type PushKind,
  type PushPreferences,
  type PushQuietHours,
} from '@studio/core';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { useFormat } from '../../../lib/format';
import '../push.css';
import { useT } from '../../../lib/i18n';
import { useLive } from '../../../lib/use-live';
import { useSaveAtOnce } from '../../../lib/use-save-at-once';
import type { PushApi, PushDevice } from '../api/push-api';
import { pushMessages } from '../push-messages';
import { useThisDevice } from '../use-this-device';
import { TurnOnHere } from './turn-on-here';

export interface PushPartProps {
  api: PushApi;
  uid: string;
  now?: () => number;
}

const NO_PREFERENCES: PushPreferences = {};
const NO_DEVICES: PushDevice[] = [];

/**
 * The member's choice per push kind, live, each change saved at once: the push column of the
 * profile's notifications table (features/profile `NotificationSettings`).
 */
export function usePushChoices(api: PushApi, uid: string) {
  const preferences = useLive((onChange) => api.watchPreferences(uid, onChange), NO_PREFERENCES, [
    api,
    uid,
  ]);
  const { failed, save } = useSaveAtOnce();
  return {
    wants: (kind: PushKind) => wantsPush(preferences, kind),
    set: (kind: PushKind, on: boolean) =>
      save(api.setPreference(uid, kind, on), 'push choice not saved', kind),
    failed,
  };
}

/**
 * Push on this device (the browser's question is asked only from here or from an offer at the
 * moment it helps), then the member's devices, folded, with a way to remove each.
 */
export function PushHere({ api, uid, now }: PushPartProps) {
  const t = useT(pushMessages);
  const format = useFormat(now);
  const here = useThisDevice(api);
  const devices = useLive((onChange) => api.watchDevices(uid, onChange), NO_DEVICES, [api, uid]);
  const { failed, save } = useSaveAtOnce();
  // A device removed elsewhere (another device's profile, a 410) is off here too.
  const hereListed = here.endpoint !== null && devices.some((d) => d.endpoint === here.endpoint);

  return (
    <div className="push-box">
      <ThisDevice api={api} here={here} listed={hereListed} />
      {devices.length > 0 && (
        <details className="push-devices-fold">
          <summary>{t('pushDevicesSummary', { count: devices.length })}</summary>
          <ul className="plain-list push-devices">
            {devices.map((device) => {
              const name =
                device.endpoint === here.endpoint
                  ? t('pushThisDevice', { device: device.device })
                  : device.device;
              return (
                <li key={device.id} className="push-device">
                  <span>
                    <span className="push-device-name">{name}</span>
                    <span className="hint">
                      {t('pushDeviceSince', { date: format.date(format.dateOf(device.createdAt)) })}
                    </span>
                  </span>
                  <Button
                    variant="ghost"
                    size="s"
                    aria-label={t('pushRemoveDevice', { device: name })}
                    onClick={() =>
                      save(
                        api.removeDevice(device.endpoint).then(here.refresh),
                        'push device not removed',
                      )
                    }
                  >
                    {t('pushTurnOff')}
                  </Button>
                </li>
              );
            })}
          </ul>
        </details>
      )}
      {failed && (
        <p role="alert" className="form-error">
          {t('pushSaveFailed')}
        </p>
      )}
    </div>
  );
}

/** Quiet hours: the switch and the times, each change saved at once. */
export function QuietHours({ api, uid }: Omit<PushPartProps, 'now'>) {
  const t = useT(pushMessages);
  const titleId = useId();
  const fromId = useId();
  const toId = useId();
  const quiet = useLive((onChange) => api.watchQuietHours(uid, onChange), DEFAULT_QUIET_HOURS, [
    api,
    uid,
  ]);
  const { failed, save } = useSaveAtOnce();
  const commit = (next: Partial<PushQuietHours>) =>
    save(api.setQuietHours(uid, { ...quiet, ...next }), 'push quiet hours not saved');
  return (
    <div role="group" aria-labelledby={titleId} className="push-quiet">
      <h3 id={titleId} className="push-subtitle">
        {t('pushQuietTitle')}
      </h3>
      <label className="switch-row">
        <span>{t('pushQuietOn')}</span>
        <input
          type="checkbox"
          role="switch"
          className="switch"
          checked={quiet.enabled}
          onChange={(event) => commit({ enabled: event.target.checked })}
        />
      </label>
      <div className="push-quiet-times">
        <label htmlFor={fromId}>{t('pushQuietFrom')}</label>
        <TimeSelect
          id={fromId}
          value={quiet.from}
          disabled={!quiet.enabled}
          onChange={(next) => commit({ from: next })}
        />
        <label htmlFor={toId}>{t('pushQuietTo')}</label>
        <TimeSelect
          id={toId}
          value={quiet.to}
          disabled={!quiet.enabled}
          onChange={(next) => commit({ to: next })}
        />
      </div>
      <p className="hint profile-section-note">{t('pushQuietIntro')}</p>
      {failed && (
        <p role="alert" className="form-error">
          {t('pushSaveFailed')}
        </p>
      )}
    </div>
  );
}

function ThisDevice({
  api,
  here,
  listed,
}: {
  api: PushApi;
  here: ReturnType<typeof useThisDevice>;
  listed: boolean;
}) {
  const t = useT(pushMessages);
  const support = api.support();
  if (support === 'unsupported') return <p className="hint">{t('pushUnsupported')}</p>;
  if (listed && here.endpoint !== null) {
    const endpoint = here.endpoint;
    return (
      <div className="push-here">
        <p role="status">{t('pushOnHere')}</p>
        <Button
          variant="ghost"
          size="s"
          disabled={here.busy}
          onClick={() => here.run(() => api.removeDevice(endpoint))}
        >
          {t('pushTurnOff')}
        </Button>
      </div>
    );
  }
  return (
    <div className="push-here">
      <p role="status">{support === 'denied' ? t('pushDenied') : t('pushOffHere')}</p>
      <TurnOnHere api={api} here={here} label="pushTurnOn" />
    </div>
  );
}

/** Every half hour of the day, 24-hour as the studio writes times ("22:00"), whatever the browser's language. */
const HALF_HOURS = Array.from(
  { length: 48 },
  (_, index) => `${String(Math.floor(index / 2)).padStart(2, '0')}:${index % 2 ? '30' : '00'}`,
);

/** A time of day chosen from the half hours; a stored time off the half hour stays a choice. */
function TimeSelect({
  id,
  value,
  disabled,
  onChange,
}: {
  id: string;
  value: string;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  const times = HALF_HOURS.includes(value) ? HALF_HOURS : [...HALF_HOURS, value].sort();
  return (
    <select
      id={id}
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value)}
    >
      {times.map((time) => (
        <option key={time} value={time}>
          {time}
        </option>
      ))}
    </select>
  );
}

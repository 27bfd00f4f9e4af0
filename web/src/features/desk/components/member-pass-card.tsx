import type { MemberPass } from '@studio/core';
import { useEffect, useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { callableErrorText } from '../../../lib/callable-errors';
import type { ErrorText } from '../../../lib/callable-errors';
import { useT } from '../../../lib/i18n';
import { useLive } from '../../../lib/use-live';
import type { DeskApi } from '../api/desk-api';
import { deskMessages } from '../desk-messages';
import { qrPath } from '../qr';
import './desk.css';

/** The pass's QR code, drawn crisp at any size. */
export function PassCode({ code, label }: { code: string; label: string }) {
  const { d, size } = useMemo(() => qrPath(code), [code]);
  return (
    <svg
      className="pass-code"
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}

/**
 * The member's own pass on their profile: the QR code the door scans, from the copy kept on the
 * device first (so it shows offline), issued by `memberPass` the first time.
 */
export function MemberPassCard({ api, uid }: { api: DeskApi; uid: string }) {
  const t = useT();
  const dt = useT(deskMessages);
  const pass = useLive<MemberPass | null | undefined>(
    (onChange) => api.watchPass(uid, onChange),
    undefined,
    [api, uid],
  );
  const [failure, setFailure] = useState<ErrorText | null>(null);
  const [renewed, setRenewed] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    // No pass yet: the first call issues it, and the watch above then shows it.
    if (pass !== null) return;
    api.memberPass(false).catch((error: unknown) => setFailure(callableErrorText(error)));
  }, [api, pass]);

  const renew = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await api.memberPass(true);
      setRenewed(true);
    } catch (error) {
      setFailure(callableErrorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card as="section" title={dt('passTitle')} className="member-pass">
      {pass ? (
        <div className="member-pass-body">
          <PassCode code={pass.code} label={dt('passAlt')} />
          <div className="member-pass-text">
            <p>{dt('passHint')}</p>
            <p className="member-pass-note">{dt('passOffline')}</p>
            <Button variant="ghost" size="s" disabled={busy} onClick={() => void renew()}>
              {dt('passRenew')}
            </Button>
          </div>
        </div>
      ) : (
        // A status, so a screen reader hears it and whoever waits on the page knows it is coming.
        <p role="status">{dt('passLoading')}</p>
      )}
      {renewed && (
        <p role="status" className="form-success">
          {dt('passRenewed')}
        </p>
      )}
      {failure && <p role="alert">{t(failure.key, failure.params)}</p>}
    </Card>
  );
}

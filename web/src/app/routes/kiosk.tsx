import type { WaiverVersion } from '@studio/core';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { Button } from '../../components/ui/button';
import { SignInPrompt } from '../../components/ui/sign-in-prompt';
import { paths } from '../../config/paths';
import { DoorScanner } from '../../features/desk';
import type { KioskSigning } from '../../features/kiosk';
import { firebaseKioskApi, kioskMessages, KioskScreen } from '../../features/kiosk';
import { useSessionStore } from '../../features/session';
import { SignatureForm } from '../../features/waiver';
import { firebaseWaiverApi } from '../../features/waiver/api/firebase-waiver-api';
import { useT } from '../../lib/i18n';
import { lockKiosk, unlockKiosk } from '../../lib/kiosk-lock';
import { PageLoading } from '../page-loading';

const systemNow = (): number => Date.now();

/**
 * The current written waiver, signed at the kiosk by the member in front of it: the front desk's
 * account hands the signature in for them (`signWaiver` with their `uid`).
 */
function SignAtKiosk({ member, onSigned, onCancel }: KioskSigning) {
  const t = useT(kioskMessages);
  const [waiver, setWaiver] = useState<WaiverVersion | null | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    firebaseWaiverApi.currentWaiver().then(
      (current) => live && setWaiver(current),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);
  if (failed || waiver === null)
    return (
      <>
        <p role="alert" className="kiosk-refusal">
          {t(failed ? 'internalError' : 'waiverNotPublished')}
        </p>
        <Button variant="secondary" size="l" onClick={onCancel}>
          {t('kioskBack')}
        </Button>
      </>
    );
  if (waiver === undefined) return <p aria-live="polite">{t('kioskWorking')}</p>;
  return (
    <SignatureForm
      waiver={waiver}
      defaultName={member.name}
      onCancel={onCancel}
      onSign={async (signed) => {
        await firebaseWaiverApi.signWaiver({ ...signed, uid: member.uid });
        onSigned();
      }}
    />
  );
}

/**
 * /kiosk: the door's tablet, opened by the front desk or an admin and locked to check-in until
 * their password is given again (lib/kiosk-lock.ts).
 */
export default function KioskPage() {
  const t = useT(kioskMessages);
  const [, navigate] = useLocation();
  const status = useSessionStore((state) => state.status);
  const role = useSessionStore((state) => state.role);
  const email = useSessionStore((state) => state.profile?.email ?? '');
  const desk = status === 'signed-in' && (role === 'staff' || role === 'admin');
  useEffect(() => {
    if (desk) lockKiosk();
  }, [desk]);

  if (status === 'unknown' || (status === 'signed-in' && role === null)) return <PageLoading />;
  if (status !== 'signed-in')
    return <SignInPrompt title={t('kioskTitle')} loginHref={paths.login.getHref({})} />;
  if (!desk)
    return (
      <section className="page" aria-labelledby="page-title">
        <h1 id="page-title">{t('kioskTitle')}</h1>
        <p role="alert">{t('kioskStaffOnly')}</p>
      </section>
    );
  return (
    <KioskScreen
      api={firebaseKioskApi}
      now={systemNow}
      staffEmail={email}
      scanner={(checkIn) => <DoorScanner checkIn={checkIn} />}
      signing={(signing) => <SignAtKiosk {...signing} />}
      onLeave={() => {
        unlockKiosk();
        navigate(paths.adminToday.getHref({}), { replace: true });
      }}
    />
  );
}

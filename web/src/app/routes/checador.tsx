import { worksTheDesk } from '@studio/core';
import { useSearch } from 'wouter';
import { SignInPrompt } from '../../components/ui/sign-in-prompt';
import { paths } from '../../config/paths';
import { CheckInBoard, firebaseClassListsApi } from '../../features/class-lists';
import { DoorScanner, firebaseDeskApi } from '../../features/desk';
import { AddToClass, firebaseDeskSalesApi } from '../../features/desk-sales';
import type { SignatureSlot } from '../../features/desk-sales';
import { useSessionStore } from '../../features/session';
import { SignatureForm } from '../../features/waiver';
import { PageLoading } from '../page-loading';

const systemNow = (): number => Date.now();

const renderSignature = ({ waiver, defaultName, titleId, onSign, onCancel }: SignatureSlot) => (
  <SignatureForm
    waiver={waiver}
    defaultName={defaultName}
    titleId={titleId}
    onSign={onSign}
    onCancel={onCancel}
  />
);

/**
 * /checador: attendance check-in, by a tap or by scanning member passes with the camera, and the
 * front desk's "Add to class"; `?class=` opens one class directly (from its list).
 */
export default function ChecadorPage() {
  const classId = new URLSearchParams(useSearch()).get('class');
  const status = useSessionStore((state) => state.status);
  const uid = useSessionStore((state) => state.uid);
  const role = useSessionStore((state) => state.role);
  if (status === 'unknown' || (status === 'signed-in' && role === null)) return <PageLoading />;
  if (status !== 'signed-in' || !uid || !role)
    return <SignInPrompt title={paths.checador.name} loginHref={paths.login.getHref({})} />;
  return (
    <CheckInBoard
      key={classId ?? ''}
      api={firebaseClassListsApi}
      viewer={{ uid, role }}
      now={systemNow}
      initialClassId={classId}
      scanner={(open) => (
        <DoorScanner checkIn={(pass) => firebaseDeskApi.checkInByPass(pass, open)} />
      )}
      deskActions={
        worksTheDesk(role)
          ? (open, cls) => (
              <AddToClass
                api={firebaseDeskSalesApi}
                classId={open}
                cls={cls}
                renderSignature={renderSignature}
              />
            )
          : undefined
      }
    />
  );
}

/**
 * The signed-in part of the home screen, in its own chunk: schedules, schemas and date
 * formatting stay out of the first route's budget (150 KB gzip) and load right after it.
 */
import { useEffect } from 'react';
import { paths } from '../config/paths';
import { firebaseNotificationsApi, NotificationList } from '../features/notifications';
import { CreditSummary, firebaseProfileApi } from '../features/profile';
import { firebaseScheduleApi, NextClass } from '../features/schedule';

const systemNow = (): number => Date.now();

export interface HomeMemberPanelsProps {
  uid: string;
  /** Called once the panels have started their reads (their effects ran before this one). */
  onReading?: () => void;
}

export default function HomeMemberPanels({ uid, onReading }: HomeMemberPanelsProps) {
  useEffect(() => onReading?.(), [onReading]);
  return (
    <>
      <NextClass
        api={firebaseScheduleApi}
        uid={uid}
        now={systemNow}
        myClassesHref={paths.misCompras.getHref({ type: 'user', action: 'view' })}
        scheduleHref={paths.calendario.getHref({ action: 'choose', type: 'user' })}
      />
      <CreditSummary
        api={firebaseProfileApi}
        uid={uid}
        now={systemNow}
        buyHref={paths.paquetes.getHref({ number: 0 })}
      />
      <NotificationList api={firebaseNotificationsApi} uid={uid} />
    </>
  );
}

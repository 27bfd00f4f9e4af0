import { firebasePushApi } from '../api/firebase-push-api';
import { ClassPush, type ClassPushState } from './class-push';

/** The class sheet's push part on the app's own database and functions (loaded on use). */
export default function ClassPushLive(props: ClassPushState & { uid: string }) {
  return <ClassPush api={firebasePushApi} {...props} />;
}

export type { AuthUser, ServerStamp, SessionApi } from './api/session-api';
export { useLangSwitch } from './hooks/use-lang-switch';
export { useLogout } from './hooks/use-logout';
export { useSessionBootstrap } from './hooks/use-session-bootstrap';
export { GUEST_UID } from './session-lifecycle';
export type { Profile, SessionStatus } from './stores/session-store';
export { selectBranchScope, selectMemberUid, useSessionStore } from './stores/session-store';

import type { StudioApi } from '../../features/branding';
import type { NotificationsApi } from '../../features/notifications';
import type { SessionApi } from '../../features/session';
import type { SubscriptionApi } from '../../features/subscription';
import type { WaiverApi } from '../../features/waiver';

/**
 * What the shell talks to. Its own module so the shell and its deferred chunk both take it from
 * below instead of from each other.
 */
export interface ShellApis {
  session: SessionApi;
  waiver: WaiverApi;
  subscription: SubscriptionApi;
  notifications: NotificationsApi;
  /** `Studio`: the header's name and logo, the colour tokens (docs/architecture/web-app.md#studio-branding). */
  studio: StudioApi;
}

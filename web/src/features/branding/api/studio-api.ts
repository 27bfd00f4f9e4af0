import type { Studio } from '@studio/core';
import type { Unsubscribe } from '../../../lib/realtime';

export interface StudioApi {
  /**
   * `Studio`, live: the studio's name, logo, colour and contact details. Null until an admin has
   * saved them (the app then shows its built-in name and colour).
   */
  watchStudio: (onChange: (studio: Studio | null) => void) => Unsubscribe;
}

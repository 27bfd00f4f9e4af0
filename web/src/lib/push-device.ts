/**
 * Push on this device (docs/architecture/push.md#devices): the browser's push subscription, made
 * with the studio's public VAPID key through the app's service worker and saved under the member
 * with `savePushSubscription`. Only ever asked for when the member turns push on (the profile, or
 * the offer after joining a waiting list or watching a class), never on a first visit.
 */
import { LOCAL_VAPID_PUBLIC_KEY } from '@studio/core';
import { callFunction } from './firebase';
import { FOR_EMULATORS } from './firebase-setup';

/** What this browser allows: no push at all, the member refused notifications, or either way. */
export type PushSupport = 'unsupported' | 'denied' | 'ask' | 'granted';

/** How turning push on ended. */
export type TurnOnOutcome = 'on' | 'denied' | 'unsupported' | 'failed';

/** The key the push service checks the functions' VAPID signature against. */
export function vapidPublicKey(): string | null {
  const configured = import.meta.env.VITE_VAPID_PUBLIC_KEY?.trim();
  if (configured) return configured;
  return FOR_EMULATORS ? LOCAL_VAPID_PUBLIC_KEY : null;
}

export function pushSupport(): PushSupport {
  if (
    typeof window === 'undefined' ||
    !('serviceWorker' in navigator) ||
    !('PushManager' in window) ||
    !('Notification' in window) ||
    vapidPublicKey() === null
  )
    return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  return Notification.permission === 'granted' ? 'granted' : 'ask';
}

/** How long turning push on waits for the app's service worker (registered 30 s after start). */
const WORKER_WAIT_MS = 35_000;

async function workerRegistration(waitMs: number): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator)) return null;
  const registered = await navigator.serviceWorker.getRegistration();
  if (registered?.active) return registered;
  if (waitMs === 0) return null;
  return Promise.race([
    navigator.serviceWorker.ready,
    new Promise<null>((resolve) => setTimeout(() => resolve(null), waitMs)),
  ]);
}

/** This browser's subscription, if it has one. */
async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() === 'unsupported') return null;
  const registration = await workerRegistration(0);
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** The endpoint this device pushes to, or null when push is off here. */
export async function thisDeviceEndpoint(): Promise<string | null> {
  return (await currentSubscription())?.endpoint ?? null;
}

function base64UrlBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replaceAll('-', '+').replaceAll('_', '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * Asks for notifications (the browser's own question), subscribes through the service worker and
 * saves the device under the member. Saving again is harmless: one device is one entry.
 */
export async function turnOnPushHere(): Promise<TurnOnOutcome> {
  const key = vapidPublicKey();
  if (pushSupport() === 'unsupported' || key === null) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'failed';
  const registration = await workerRegistration(WORKER_WAIT_MS);
  if (!registration) return 'failed';
  try {
    const subscription =
      (await registration.pushManager.getSubscription()) ??
      (await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: base64UrlBytes(key),
      }));
    const { endpoint, keys } = subscription.toJSON();
    if (!endpoint || !keys?.p256dh || !keys.auth) return 'failed';
    await callFunction('savePushSubscription', {
      endpoint,
      keys: { p256dh: keys.p256dh, auth: keys.auth },
    });
    return 'on';
  } catch (error) {
    console.error('push not turned on', error);
    return 'failed';
  }
}

/** Removes a device of the member's; on this device also ends the browser's subscription. */
export async function removePushDevice(endpoint: string): Promise<void> {
  await callFunction('removePushSubscription', { endpoint });
  const here = await currentSubscription();
  if (here?.endpoint === endpoint) await here.unsubscribe();
}

/** How long signing out waits for the device's removal before it goes ahead. */
const SIGN_OUT_WAIT_MS = 4000;

/**
 * At sign-out: this device stops receiving the member's pushes (the next person to use the browser
 * must not see them). Never holds the sign-out up for long, and never stops it.
 */
export async function forgetThisPushDevice(): Promise<void> {
  const removal = (async () => {
    const here = await currentSubscription();
    if (!here) return;
    await callFunction('removePushSubscription', { endpoint: here.endpoint }).catch(
      (error: unknown) => console.error('push device not removed', error),
    );
    await here.unsubscribe();
  })().catch((error: unknown) => console.error('push subscription not ended', error));
  await Promise.race([removal, new Promise((resolve) => setTimeout(resolve, SIGN_OUT_WAIT_MS))]);
}

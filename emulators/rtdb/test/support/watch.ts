// Listener helpers that record what the app would see: values, child events and cancellations.
import {
  onChildAdded,
  onChildChanged,
  onChildMoved,
  onChildRemoved,
  onValue,
} from 'firebase/database';
import type { DataSnapshot, Query } from 'firebase/database';
import { isDeepStrictEqual } from 'node:util';
import { EventLog } from './wait';

export interface ValueWatch {
  /** `val()` of each value event, in order. */
  readonly values: EventLog<unknown>;
  readonly snapshots: DataSnapshot[];
  /** Errors given to the cancel callback. */
  readonly cancellations: EventLog<Error>;
  stop(): void;
}

export function watchValue(query: Query): ValueWatch {
  const values = new EventLog<unknown>();
  const snapshots: DataSnapshot[] = [];
  const cancellations = new EventLog<Error>();
  const stop = onValue(
    query,
    (snapshot) => {
      snapshots.push(snapshot);
      values.push(snapshot.val());
    },
    (error) => cancellations.push(error),
  );
  return { values, snapshots, cancellations, stop };
}

export interface ChildEvent {
  type: 'added' | 'changed' | 'removed' | 'moved';
  key: string;
  value: unknown;
  previousKey: string | null | undefined;
}

export interface ChildWatch {
  readonly events: EventLog<ChildEvent>;
  readonly cancellations: EventLog<Error>;
  stop(): void;
}

/** Records child_added/changed/removed/moved on a query, in the order the SDK raises them. */
export function watchChildren(query: Query): ChildWatch {
  const events = new EventLog<ChildEvent>();
  const cancellations = new EventLog<Error>();
  const record =
    (type: ChildEvent['type']) =>
    (snapshot: DataSnapshot, previousKey?: string | null): void => {
      events.push({ type, key: snapshot.key ?? '', value: snapshot.val(), previousKey });
    };
  const onCancel = (error: Error): void => cancellations.push(error);
  const stops = [
    onChildAdded(query, record('added'), onCancel),
    onChildChanged(query, record('changed'), onCancel),
    onChildRemoved(query, record('removed'), onCancel),
    onChildMoved(query, record('moved'), onCancel),
  ];
  return { events, cancellations, stop: () => stops.forEach((stop) => stop()) };
}

/** Child keys in the order the snapshot iterates them (the query's order). */
export function keysOf(snapshot: DataSnapshot): string[] {
  const keys: string[] = [];
  snapshot.forEach((child) => {
    keys.push(child.key ?? '');
  });
  return keys;
}

/** Compact description of child events for assertions, e.g. "added:a", "removed:b". */
export function describeEvents(events: readonly ChildEvent[]): string[] {
  return events.map((event) => `${event.type}:${event.key}`);
}

/** Deep equality for waiting on a value (object key order does not matter). */
export function sameValue(actual: unknown, expected: unknown): boolean {
  return isDeepStrictEqual(actual, expected);
}

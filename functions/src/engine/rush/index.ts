// The release-rush machinery behind the engine's `Rush` seam (../rush.ts;
// docs/architecture/booking.md#the-release-rush): live listeners parsed once per value
// (live.ts), group commit (group-commit.ts), turns to read members (read-turns.ts), turns to
// finish bookings (pay-turns.ts). The callables hand `releaseRush` to the handlers
// (triggers/deps.ts); jobs, scripts and admin paths run without it. Removing this folder and that one line leaves correct, slower code.
import type { Database } from 'firebase-admin/database';
import { paths } from '@studio/core';
import type { Rush } from '../rush';
import { commitTogether } from './group-commit';
import { listenerMirrors, parsedFrom, raceLive } from './live';
import type { Mirrors } from './live';
import { PAYERS, payTurns } from './pay-turns';
import { readTurn } from './read-turns';

export type { Mirrors } from './live';

/**
 * The rush on live copies from `mirrorsOf` (a test hands in copies it can freeze), finishing
 * `payers` bookings at once per database.
 */
export function rushWith(
  mirrorsOf: (db: Database) => Mirrors = listenerMirrors,
  { payers = PAYERS }: { payers?: number } = {},
): Rush {
  return {
    finishInTurn: payTurns(payers),
    read: (db, path, parse) => parsedFrom(mirrorsOf(db), path, parse),
    changeRoster: commitTogether,
    readInTurn(db, classId, seatsLeft, read, refusal) {
      const turn = readTurn(db, classId, seatsLeft);
      // A caller refused while it waits gives its turn back at once, so the queue holds only
      // callers still in the race.
      let refusedLive = false;
      const refusedWhileWaiting = (stored: unknown) => {
        const refused = refusal(stored);
        if (refused) {
          refusedLive = true;
          turn.done();
        }
        return refused;
      };
      const value = raceLive(
        mirrorsOf(db),
        paths.classRoster(classId),
        turn.ready.then(read),
        refusedWhileWaiting,
      ).catch(async (error: unknown) => {
        if (!refusedLive) throw error;
        // The class seemed to fill while this caller waited: refused only if the committed
        // roster says so too (the class's next group commit, which the server confirms);
        // else the member is read after all.
        await commitTogether(db, classId, {
          transition: (roster) => ({ roster }),
          quickRefusal: refusal,
          keepVersion: true,
        });
        return read();
      });
      return { value, done: turn.done };
    },
  };
}

/** The function instance's listeners, group commit, read turns and pay turns. */
export const releaseRush: Rush = rushWith();

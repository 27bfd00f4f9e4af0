// The demo chain (`npm start`): a second branch, Norte, whose classes, rosters, class views and
// class notices live in a database instance of their own, as a chain's branches do
// (docs/scaling.md#a-chain-of-studios). On the emulator a namespace stands for the instance; it
// gets the same rules as the default one (docs/deploy.md §3b), and a copy of `Coaches`, which its
// rules read to let a coach see the roster of a class they teach.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { App } from 'firebase-admin/app';
import { getDatabase, getDatabaseWithUrl } from 'firebase-admin/database';
import { branchInstances, branchSchema, instanceUrl, paths, rtdbMap } from '@studio/core';
import { ROOT } from './stack.ts';

/** One class a day at the same hour: what a demo branch's timetable is made of. */
export interface DemoSlot {
  hour: string;
  exercise: 'cycling' | 'yoga' | 'hiit';
  layout: 'bikes' | 'mats';
  capacity: number;
  coach: 'carlos' | 'lucia';
}

export const CHAIN_BRANCH_ID = 'norte';
/** Norte's instance (on the emulator, its namespace). */
export const CHAIN_INSTANCE = 'demo-studio-norte';

/** Norte's two classes a day. */
export const CHAIN_SLOTS: readonly DemoSlot[] = [
  { hour: '08:00', exercise: 'yoga', layout: 'mats', capacity: 12, coach: 'lucia' },
  { hour: '18:30', exercise: 'cycling', layout: 'bikes', capacity: 20, coach: 'carlos' },
];

/** Installs database.rules.json in the emulator namespace of `databaseUrl` (REST, as the owner). */
async function installRules(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const rules = readFileSync(path.join(ROOT, 'database.rules.json'), 'utf8');
  const response = await fetch(
    `${url.protocol}//${url.host}/.settings/rules.json?ns=${url.searchParams.get('ns') ?? ''}`,
    { method: 'PUT', headers: { Authorization: 'Bearer owner' }, body: rules },
  );
  if (!response.ok)
    throw new Error(
      `rules not installed in ${databaseUrl}: ${response.status} ${await response.text()}`,
    );
}

/**
 * Writes Norte's instance (its rules, classes, a copy of the coaches; the demo accounts' class
 * views and waiting lists there emptied) and returns what the default instance gets: the branch,
 * naming its instance, and `ClassBranches`, by which the functions find each class.
 */
export async function seedChainBranch(
  app: App,
  demo: { classes: Record<string, unknown>; coaches: unknown; uids: readonly string[] },
): Promise<Record<string, unknown>> {
  const mainUrl = getDatabase(app).app.options.databaseURL;
  if (mainUrl === undefined) throw new Error('the seed app has no database URL');
  const branchUrl = instanceUrl(mainUrl, CHAIN_INSTANCE);
  await installRules(branchUrl);
  const branch: Record<string, unknown> = {
    [paths.classes()]: demo.classes,
    [paths.coaches()]: demo.coaches,
  };
  for (const classId of Object.keys(demo.classes)) branch[paths.classRoster(classId)] = null;
  for (const uid of demo.uids) {
    branch[paths.userClasses(uid)] = null;
    branch[paths.userWaitlist(uid)] = null;
    branch[paths.notifications(uid)] = null;
  }
  await getDatabaseWithUrl(branchUrl, app).ref().update(branch);
  const main: Record<string, unknown> = {
    [paths.branch(CHAIN_BRANCH_ID)]: branchSchema.parse({
      name: 'Norte',
      address: 'Av. Eugenio Garza Sada 2501, Monterrey',
      databaseInstance: CHAIN_INSTANCE,
    }),
  };
  for (const classId of Object.keys(demo.classes))
    main[paths.classBranch(classId)] = CHAIN_BRANCH_ID;
  return main;
}

/**
 * Each database instance and what it holds: the default one (members, credits, the catalogue and
 * the classes of branches naming no instance), then each branch's own (docs/scaling.md).
 */
export async function describeInstances(databaseUrl: string, namespace: string): Promise<string> {
  const response = await fetch(`${databaseUrl}/${paths.branches()}.json?ns=${namespace}`, {
    headers: { Authorization: 'Bearer owner' },
  });
  if (!response.ok) throw new Error(`${response.status}`);
  const branches = rtdbMap(branchSchema).parse(((await response.json()) as unknown) ?? {});
  const names = (instance: string | undefined) =>
    Object.values(branches)
      .filter((branch) => branch.databaseInstance === instance)
      .map((branch) => branch.name);
  const main = names(undefined);
  const lines = [
    `    ${namespace.padEnd(26)} members, credits, catalogue${main.length > 0 ? `; classes of ${main.join(', ')}` : ''}`,
  ];
  for (const instance of branchInstances(branches))
    lines.push(`    ${instance.padEnd(26)} classes of ${names(instance).join(', ')}`);
  return lines.join('\n');
}

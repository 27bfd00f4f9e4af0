import { describe, expect, it } from 'vitest';
import { adminAppOptions } from '../src/admin';

describe('adminAppOptions', () => {
  it('uses the demo project and its default database when nothing is configured', () => {
    expect(adminAppOptions({})).toEqual({
      projectId: 'demo-studio',
      databaseURL: 'https://demo-studio-default-rtdb.firebaseio.com',
    });
  });

  it('takes project and database from FIREBASE_CONFIG, as Cloud Functions sets it', () => {
    const env = {
      FIREBASE_CONFIG: JSON.stringify({
        projectId: 'studio-prod',
        databaseURL: 'https://studio-prod-eu.europe-west1.firebasedatabase.app',
      }),
    };

    expect(adminAppOptions(env)).toEqual({
      projectId: 'studio-prod',
      databaseURL: 'https://studio-prod-eu.europe-west1.firebasedatabase.app',
    });
  });

  it('derives the default database from the project and lets DATABASE_URL override', () => {
    expect(adminAppOptions({ GCLOUD_PROJECT: 'studio-staging' }).databaseURL).toBe(
      'https://studio-staging-default-rtdb.firebaseio.com',
    );
    expect(
      adminAppOptions({
        GCLOUD_PROJECT: 'x',
        DATABASE_URL: 'https://demo-studio-default-rtdb.firebaseio.com',
      }).databaseURL,
    ).toBe('https://demo-studio-default-rtdb.firebaseio.com');
  });

  it('refuses a FIREBASE_CONFIG that is not JSON', () => {
    expect(() => adminAppOptions({ FIREBASE_CONFIG: '{oops' })).toThrow(/FIREBASE_CONFIG/);
  });
});

import { onRequest } from 'firebase-functions/v2/https';
import { adminDatabase } from '../../admin';
import {
  calendarFeed as calendarFeedHandler,
  tokenFromPath,
} from '../../handlers/calendar/calendar-feed';
import { calendarFeedFailed } from '../../handlers/calendar/logs';
import { MAX_INSTANCES, REGION } from '../callable';
import { feedAppUrl } from './config';

/**
 * `calendarFeed`: a member's booked classes as an iCalendar feed at
 * `/calendar/{token}.ics` (Hosting rewrites the path here). Calendar apps poll it without any
 * sign-in: the secret token is the key, and an unknown or revoked one answers 404.
 */
export const calendarFeed = onRequest(
  { region: REGION, maxInstances: MAX_INSTANCES.callable },
  async (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.status(405).set('Allow', 'GET, HEAD').send('GET only\n');
      return;
    }
    try {
      const response = await calendarFeedHandler(
        { db: adminDatabase(), now: Date.now },
        tokenFromPath(req.path),
        feedAppUrl(),
      );
      res.status(response.status).set(response.headers).send(response.body);
    } catch (error) {
      // A read that failed: calendar apps keep their copy and ask again later.
      calendarFeedFailed(error);
      res.status(503).set('Retry-After', '300').send('Try again later\n');
    }
  },
);

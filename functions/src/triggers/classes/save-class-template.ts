import { onCall } from 'firebase-functions/v2/https';
import { parseInput, saveClassTemplateInput } from '@studio/core';
import { saveClassTemplate as saveClassTemplateHandler } from '../../handlers/classes/save-class-template';
import { CALLABLE_OPTIONS, requireAdmin, runCallable } from '../callable';
import { bookingDeps } from '../deps';

/**
 * `saveClassTemplate`: admins keep plantilla-date's weekly templates
 * (docs/architecture/admin-and-audit.md#classes).
 */
export const saveClassTemplate = onCall(CALLABLE_OPTIONS, (request): Promise<{ id: string }> =>
  runCallable('saveClassTemplate', request, async () => {
    const caller = requireAdmin(request);
    const input = parseInput(saveClassTemplateInput, request.data);
    const { id } = await saveClassTemplateHandler(bookingDeps(), { by: caller.uid, input });
    return { id };
  }),
);

/**
 * POST /users/availability: the sign-up form asks, while a person types, whether the user name
 * or email they chose is taken (contract/users.ts). Public, so that a visitor can ask, and
 * therefore limited: AVAILABILITY_RATE_LIMIT requests per minute per IP, and the answer says
 * "taken" or "available" per value and nothing about the account. Registering answers a taken
 * name with a 409 anyway, so this check reveals nothing registering would not; the limit keeps
 * it from being a faster way to sweep through names.
 */
import { Envelope } from '../../contract/common.js';
import { AvailabilityBody, AvailabilityData } from '../../contract/users.js';
import { ok } from '../http/envelope.js';
import { fieldRefusal } from '../errors.js';
import { multipartFieldsToBody } from '../http/multipart.js';
import { normalizeFields } from '../http/normalize-fields.js';
import type { App, RouteOptions } from '../http/app-types.js';
import { availabilityOf } from './users.js';
import { errorResponses } from '../http/route-helpers.js';

export default async function usersAvailabilityRoutes(app: App, { ctx }: RouteOptions) {
  app.post(
    '/availability',
    {
      config: { rateLimit: { max: ctx.config.availabilityRateLimit, timeWindow: '1 minute' } },
      preValidation: [
        multipartFieldsToBody,
        // As registering normalises them, so "Alice" is asked about as the "alice" it would be.
        normalizeFields({ lowerCase: ['userName', 'email'] }),
      ],
      schema: {
        tags: ['users'],
        summary: 'Whether a user name and/or an email is already taken (for the sign-up form)',
        consumes: ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'],
        body: AvailabilityBody,
        response: { 200: Envelope(AvailabilityData), ...errorResponses(400, 403, 429) },
      },
    },
    async (request) => {
      const { userName, email } = request.body;
      if (userName === undefined && email === undefined) {
        throw fieldRefusal('invalid', 'userName', 'Give a user name or an email to check');
      }
      return ok(await availabilityOf(ctx.db, { userName, email }), 'Availability checked');
    },
  );
}

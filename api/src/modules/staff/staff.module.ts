/**
 * Staff accounts: roles, two factors, staff sessions and the staff audit (docs/decisions/052),
 * and the `requireStaff(...roles)` guard every staff route takes.
 */
import { apiModule } from '../../lib/api-module.js';
import { API_PREFIX } from '../../lib/api-prefix.js';
import { IdentityService } from '../identity/identity.service.js';
import { FourEyesService } from './four-eyes.service.js';
import { type RequireStaff, staffGuard } from './staff.guard.js';
import { staffRoutes } from './staff.routes.js';
import { StaffService } from './staff.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** A two-factor staff session holding one of the roles (any staff role when none is named). */
    requireStaff: RequireStaff;
    staff: {
      service: StaffService;
      /** Records one staff action in the staff audit, inside the caller's transaction. */
      audit: StaffService['audit']['record'];
      /** Four eyes means two people (docs/decisions/061): every four-eyes decision's one check. */
      fourEyes: FourEyesService['check'];
    };
  }
}

export const staffModule = apiModule({ name: 'staff', dependencies: ['auth'] }, async (app) => {
  const ctx = app.ctx;
  const fourEyes = new FourEyesService(new IdentityService(ctx));
  const service = new StaffService(ctx, app.auth.service, app.auth.limiter, fourEyes.check);
  app.decorate('requireStaff', staffGuard(service, app.requireAuth));
  app.decorate('staff', {
    service,
    audit: (trx, entry) => service.audit.record(trx, entry),
    fourEyes: fourEyes.check,
  });
  await app.register(staffRoutes, {
    prefix: API_PREFIX,
    staff: service,
    limiter: app.auth.limiter,
    requireAuth: app.requireAuth,
  });
});

/**
 * Money-laundering monitoring: the monitor's own cursor over the money events (docs/decisions/043)
 * and compliance's alerts and cases, decided with four eyes.
 */
import { apiModule } from '../../lib/api-module.js';
import { API_PREFIX } from '../../lib/api-prefix.js';
import { staffOf } from '../staff/staff.guard.js';
import { AmlConfig } from './aml.config.js';
import { amlRoutes } from './aml.routes.js';
import { AmlCaseService } from './aml-cases.service.js';
import { AmlMonitor } from './aml-monitor.service.js';
import { AmlReportService } from './aml-reports.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    aml: AmlCaseService;
  }
}

export const amlModule = apiModule(
  { name: 'aml', dependencies: ['staff'], config: AmlConfig },
  async (app, config) => {
    const aml = new AmlCaseService(app.ctx, app.staff.fourEyes);
    app.decorate('aml', aml);
    app.jobs.push(new AmlMonitor(app.ctx, config).job);
    await app.register(amlRoutes, {
      prefix: API_PREFIX,
      aml,
      reports: new AmlReportService(app.ctx, config),
      requireStaff: app.requireStaff,
      staffOf,
    });
  },
);

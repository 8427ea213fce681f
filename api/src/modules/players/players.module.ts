/** The support desk's view of players, read through each owning module's services. */
import { apiModule } from '../../lib/api-module.js';
import { API_PREFIX } from '../../lib/api-prefix.js';
import { PlayerLimitsService } from '../safer-gambling/player-limits.service.js';
import { staffOf } from '../staff/staff.guard.js';
import { PlayerMoneyService } from '../wallet/player-money.service.js';
import { playersRoutes } from './players.routes.js';
import { PlayersService } from './players.service.js';

export const playersModule = apiModule(
  { name: 'players', dependencies: ['auth', 'staff', 'identity'] },
  async (app) => {
    const ctx = app.ctx;
    const staff = app.staff.service;
    const players = new PlayersService(ctx, {
      accounts: app.auth.accounts,
      identity: app.identity,
      limits: new PlayerLimitsService(ctx),
      money: new PlayerMoneyService(ctx),
      audit: app.staff.audit,
      endStaffSessions: (trx, userId, reason, by, now) =>
        staff.sessions.endAllOf(trx, userId, reason, by, now),
    });
    await app.register(playersRoutes, {
      prefix: API_PREFIX,
      players,
      requireStaff: app.requireStaff,
      staffOf,
    });
  },
);

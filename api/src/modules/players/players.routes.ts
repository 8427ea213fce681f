/**
 * `/api/v1/staff/players/…` (api/README.md "Players (staff)", decision 053): support and
 * compliance read players; support forces a logout; both add notes and reveal a masked field with
 * a reason. Every route is a two-factor staff route (`requireStaff`, modules/staff, handed over
 * by app.ts); every answer is `Cache-Control: no-store` (personal data).
 */
import type { StaffRoleName } from '@mchezo/contracts/staff';
import {
  PageQuery,
  Player360,
  PlayerLogoutRequest,
  PlayerLogoutResponse,
  PlayerNote,
  PlayerNoteRequest,
  PlayerNotesResponse,
  PlayerParams,
  PlayerRevealRequest,
  PlayerRevealResponse,
  PlayerRoundsResponse,
  PlayerSearchQuery,
  PlayerSearchResponse,
  PlayerSessionsResponse,
  PlayerTransactionsQuery,
  PlayerTransactionsResponse,
} from '@mchezo/contracts/staff-players';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guardedRoute, type PreHandler } from '../../lib/http.js';
import { LOGOUT, type PlayersService, READERS } from './players.service.js';

const tags = ['staff', 'players'];

const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

export const playersRoutes: FastifyPluginAsyncZod<{
  players: PlayersService;
  requireStaff: (...roles: StaffRoleName[]) => PreHandler;
  staffOf: (request: FastifyRequest) => { userId: string; roles: StaffRoleName[] };
}> = async (app, { players, requireStaff, staffOf }) => {
  // Administrators pass the guard too: a staff member's own pages are theirs alone, and the
  // service refuses them everyone else's (PlayersService.account).
  const read = guardedRoute(requireStaff(...READERS, 'admin'), tags);
  const logout = guardedRoute(requireStaff(...LOGOUT, 'admin'), tags);
  const search = guardedRoute(requireStaff(...READERS), tags);
  const params = PlayerParams;
  const actor = (request: FastifyRequest) => {
    const staff = staffOf(request);
    return { userId: staff.userId, ip: request.ip, roles: staff.roles };
  };

  app.get(
    '/staff/players',
    search({ querystring: PlayerSearchQuery }, { 200: PlayerSearchResponse }, [400]),
    async (request, reply) => noStore(reply).send(await players.search(request.query)),
  );

  app.get(
    '/staff/players/:user_id',
    read({ params }, { 200: Player360 }, [400, 404]),
    async (request, reply) =>
      noStore(reply).send(await players.summary(actor(request), request.params.user_id)),
  );

  app.get(
    '/staff/players/:user_id/transactions',
    read({ params, querystring: PlayerTransactionsQuery }, { 200: PlayerTransactionsResponse }, [400, 404]),
    async (request, reply) =>
      noStore(reply).send(await players.transactions(actor(request), request.params.user_id, request.query)),
  );

  app.get(
    '/staff/players/:user_id/rounds',
    read({ params, querystring: PageQuery }, { 200: PlayerRoundsResponse }, [400, 404]),
    async (request, reply) =>
      noStore(reply).send(await players.rounds(actor(request), request.params.user_id, request.query.cursor)),
  );

  app.get(
    '/staff/players/:user_id/sessions',
    read({ params }, { 200: PlayerSessionsResponse }, [400, 404]),
    async (request, reply) =>
      noStore(reply).send(await players.sessions(actor(request), request.params.user_id)),
  );

  app.post(
    '/staff/players/:user_id/logout',
    logout({ params, body: PlayerLogoutRequest }, { 200: PlayerLogoutResponse }, [400, 404, 409]),
    async (request, reply) =>
      noStore(reply).send(
        await players.forceLogout(actor(request), request.params.user_id, request.body.reason),
      ),
  );

  app.get(
    '/staff/players/:user_id/notes',
    read({ params }, { 200: PlayerNotesResponse }, [400, 404]),
    async (request, reply) =>
      noStore(reply).send(await players.notes(actor(request), request.params.user_id)),
  );

  app.post(
    '/staff/players/:user_id/notes',
    read({ params, body: PlayerNoteRequest }, { 201: PlayerNote }, [400, 404]),
    async (request, reply) =>
      noStore(reply)
        .code(201)
        .send(await players.addNote(actor(request), request.params.user_id, request.body.text)),
  );

  app.post(
    '/staff/players/:user_id/reveal',
    read({ params, body: PlayerRevealRequest }, { 200: PlayerRevealResponse }, [400, 404]),
    async (request, reply) => {
      const { field, reason } = request.body;
      return noStore(reply).send(await players.reveal(actor(request), request.params.user_id, field, reason));
    },
  );
};

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
import type { PlayersService } from './players.service.js';

const tags = ['staff', 'players'];

/** Who reads players: the support desk, and compliance (identity reviews, AML cases). */
const READERS: StaffRoleName[] = ['support', 'compliance'];
/** Who ends a player's sessions: the support desk. */
const LOGOUT: StaffRoleName[] = ['support'];

const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

export const playersRoutes: FastifyPluginAsyncZod<{
  players: PlayersService;
  requireStaff: (...roles: StaffRoleName[]) => PreHandler;
  staffOf: (request: FastifyRequest) => { userId: string };
}> = async (app, { players, requireStaff, staffOf }) => {
  const read = guardedRoute(requireStaff(...READERS), tags);
  const logout = guardedRoute(requireStaff(...LOGOUT), tags);
  const params = PlayerParams;
  const actor = (request: FastifyRequest) => ({ userId: staffOf(request).userId, ip: request.ip });

  app.get(
    '/staff/players',
    read({ querystring: PlayerSearchQuery }, { 200: PlayerSearchResponse }, [400]),
    async (request, reply) => noStore(reply).send(await players.search(request.query)),
  );

  app.get(
    '/staff/players/:user_id',
    read({ params }, { 200: Player360 }, [400, 404]),
    async (request, reply) => noStore(reply).send(await players.summary(request.params.user_id)),
  );

  app.get(
    '/staff/players/:user_id/transactions',
    read({ params, querystring: PlayerTransactionsQuery }, { 200: PlayerTransactionsResponse }, [400, 404]),
    async (request, reply) =>
      noStore(reply).send(await players.transactions(request.params.user_id, request.query)),
  );

  app.get(
    '/staff/players/:user_id/rounds',
    read({ params, querystring: PageQuery }, { 200: PlayerRoundsResponse }, [400, 404]),
    async (request, reply) =>
      noStore(reply).send(await players.rounds(request.params.user_id, request.query.cursor)),
  );

  app.get(
    '/staff/players/:user_id/sessions',
    read({ params }, { 200: PlayerSessionsResponse }, [400, 404]),
    async (request, reply) => noStore(reply).send(await players.sessions(request.params.user_id)),
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
    async (request, reply) => noStore(reply).send(await players.notes(request.params.user_id)),
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

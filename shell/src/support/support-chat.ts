/**
 * The support chat (docs/product-rules.md#support-chat): behind `live_chat`, loaded after the first
 * paint when a widget is configured, toggled through the widget's global object, and told who the
 * player is (phone, email, a derived name, country KE, signed with a chat_token from the API) once
 * it is ready and again 500 ms after the player signs in.
 */
import { api } from '@mchezo/api-client/client';
import type { User } from '@mchezo/contracts/auth';
import type { ChatTokenResponse } from '@mchezo/contracts/chat';
import type { AppConfig } from '@mchezo/contracts/config';
import { reportError } from '../errors/report-error.ts';
import { type ChatWidget, loadChatwootWidget } from './chatwoot-widget.ts';

const IDENTIFY_DELAY_MS = 500;

let widget: Promise<ChatWidget> | null = null;
let ready: ChatWidget | null = null;
let identifyTimer: ReturnType<typeof setTimeout> | undefined;
let currentUser: User | null = null;

export function isSupportChatAvailable(config: AppConfig): boolean {
  return config.features.live_chat !== false && config.support_chat !== null;
}

/** The name the support team sees: the player's full name, else "Player" and the phone's last digits. */
export function chatDisplayName(user: Pick<User, 'full_name' | 'phone'>): string {
  return user.full_name?.trim() || `Player ${user.phone.slice(-4)}`;
}

async function identify(user: User | null): Promise<void> {
  if (!ready || !user || user.status !== 'active') return;
  try {
    const { chat_token, chat_user_id } = await api.post<ChatTokenResponse>('/auth/chat-token');
    ready.identify({
      identifier: chat_user_id,
      identifierHash: chat_token,
      name: chatDisplayName(user),
      email: user.email,
      phone: user.phone,
      country: 'KE',
    });
  } catch (error) {
    reportError(error, { part: 'support-chat', phase: 'identify' });
  }
}

/** Loads the widget once (after the first paint); identifies the player when it is ready. */
export function startSupportChat(config: AppConfig): Promise<ChatWidget> | null {
  if (!isSupportChatAvailable(config) || !config.support_chat) return null;
  widget ??= loadChatwootWidget(config.support_chat).then(
    (w) => {
      ready = w;
      void identify(currentUser);
      return w;
    },
    (error: unknown) => {
      widget = null;
      reportError(error, { part: 'support-chat', phase: 'load' });
      throw error;
    },
  );
  return widget;
}

export function toggleSupportChat(config: AppConfig): void {
  const loading = startSupportChat(config);
  loading?.then((w) => w.toggle()).catch(() => {});
}

/** Call on every auth change: a newly signed-in player is identified 500 ms later. */
export function supportChatUserChanged(user: User | null): void {
  const signedIn = user?.status === 'active' && user.id !== currentUser?.id;
  currentUser = user;
  clearTimeout(identifyTimer);
  if (signedIn) identifyTimer = setTimeout(() => void identify(user), IDENTIFY_DELAY_MS);
}

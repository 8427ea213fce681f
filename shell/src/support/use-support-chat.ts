import { useCallback, useEffect } from 'react';
import { whenIdle } from '../errors/when-idle.ts';
import { useAuthStore } from '../stores/auth.store.ts';
import { useConfigStore } from '../stores/config.store.ts';
import {
  isSupportChatAvailable,
  startSupportChat,
  supportChatUserChanged,
  toggleSupportChat,
} from './support-chat.ts';

/** Starts the chat after the first paint when it is on, follows the player, offers a toggle. */
export function useSupportChat(): { available: boolean; toggle: () => void } {
  const config = useConfigStore((s) => s.config);
  const status = useConfigStore((s) => s.status);
  // The player once the start-up refresh has confirmed them (identifying asks the API as them).
  const user = useAuthStore((s) => (s.isLoading ? null : s.user));
  const available = status === 'ready' && isSupportChatAvailable(config);
  useEffect(() => {
    if (!available) return;
    whenIdle(() => void startSupportChat(config)?.catch(() => {}));
  }, [available, config]);
  useEffect(() => supportChatUserChanged(user), [user]);
  const toggle = useCallback(() => toggleSupportChat(config), [config]);
  return { available, toggle };
}

import { DEFAULT_APP_CONFIG } from '@mchezo/contracts/config-defaults';
import { describe, expect, it } from 'vitest';
import { chatDisplayName, isSupportChatAvailable } from './support-chat.ts';

const WIDGET = { widget_url: 'https://chat.example.com', website_token: 't' };

describe('support chat', () => {
  it('is available only with live_chat on and a widget configured', () => {
    const on = { ...DEFAULT_APP_CONFIG.features, live_chat: true };
    expect(isSupportChatAvailable({ ...DEFAULT_APP_CONFIG, features: on, support_chat: WIDGET })).toBe(true);
    expect(isSupportChatAvailable({ ...DEFAULT_APP_CONFIG, features: on, support_chat: null })).toBe(false);
    expect(
      isSupportChatAvailable({
        ...DEFAULT_APP_CONFIG,
        features: { ...on, live_chat: false },
        support_chat: WIDGET,
      }),
    ).toBe(false);
  });

  it("derives the support team's name for a player", () => {
    expect(chatDisplayName({ full_name: 'Achieng Otieno', phone: '+254712345678' })).toBe('Achieng Otieno');
    expect(chatDisplayName({ full_name: null, phone: '+254712345678' })).toBe('Player 5678');
    expect(chatDisplayName({ full_name: '  ', phone: '+254712345678' })).toBe('Player 5678');
  });
});

/**
 * Adapter for a Chatwoot-compatible support widget: loads `<widget_url>/packs/js/sdk.js`,
 * starts it with the website token, and exposes what the shell needs (toggle, identify).
 * The widget's own bubble is hidden: the shell shows its own help button.
 */

export interface ChatIdentity {
  identifier: string;
  identifierHash: string;
  name: string;
  email: string | null;
  phone: string;
  country: string;
}

export interface ChatWidget {
  toggle(): void;
  identify(identity: ChatIdentity): void;
}

interface ChatwootGlobal {
  toggle(state?: 'open' | 'close'): void;
  setUser(identifier: string, user: Record<string, unknown>): void;
  setCustomAttributes(attributes: Record<string, unknown>): void;
}

declare global {
  interface Window {
    chatwootSettings?: Record<string, unknown>;
    chatwootSDK?: { run(options: { websiteToken: string; baseUrl: string }): void };
    $chatwoot?: ChatwootGlobal;
  }
}

/** How long the widget may take to start before the chat counts as unavailable. */
const READY_TIMEOUT_MS = 15_000;

export function loadChatwootWidget(settings: {
  widget_url: string;
  website_token: string;
}): Promise<ChatWidget> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('Support chat did not start')), READY_TIMEOUT_MS);
    window.addEventListener(
      'chatwoot:ready',
      () => {
        clearTimeout(timer);
        const chat = window.$chatwoot;
        if (!chat) return reject(new Error('Support chat started without its API'));
        resolve({
          toggle: () => chat.toggle(),
          identify: (who) => {
            chat.setUser(who.identifier, {
              name: who.name,
              email: who.email ?? undefined,
              phone_number: who.phone,
              identifier_hash: who.identifierHash,
            });
            chat.setCustomAttributes({ country: who.country });
          },
        });
      },
      { once: true },
    );
    window.chatwootSettings = { hideMessageBubble: true, position: 'right', type: 'standard' };
    const script = document.createElement('script');
    script.src = `${settings.widget_url}/packs/js/sdk.js`;
    script.async = true;
    script.onload = () =>
      window.chatwootSDK?.run({ websiteToken: settings.website_token, baseUrl: settings.widget_url });
    script.onerror = () => {
      clearTimeout(timer);
      reject(new Error('Support chat could not be loaded'));
    };
    document.head.appendChild(script);
  });
}

/** A casino game provider, as the lobby sees it. */
export interface GameProvider {
  readonly name: string;
  /**
   * URL for the game frame, in the player's language where the game has it. Carries only an
   * opaque player id, never phone or name. `launchId` is the operator's one-time launch: the
   * provider opens the game session with it through the seamless `session` call, which refuses
   * it a second time, and for a player who may not play.
   */
  launchUrl(input: {
    playerRef: string;
    gameId: string;
    language: string;
    launchId: string;
  }): Promise<string>;
}

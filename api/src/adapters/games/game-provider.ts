/** A casino game provider, as the lobby sees it. */
export interface GameProvider {
  readonly name: string;
  /**
   * URL for the game frame, in the player's language where the game has it. Carries only an
   * opaque player id, never phone or name.
   */
  launchUrl(input: { playerRef: string; gameId: string; language: string }): Promise<string>;
}

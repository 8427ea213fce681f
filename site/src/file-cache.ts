/**
 * Text files of the shell that never change under their name (its hashed stylesheet), read once
 * and kept (a remote version's first screens: remote-files.ts): undefined when the file cannot be read.
 * Bounded: past `MAX_FILES` the cache starts over.
 */
import { readFile } from 'node:fs/promises';

const MAX_FILES = 256;
const files = new Map<string, Promise<string | undefined>>();

export function readImmutableText(path: string): Promise<string | undefined> {
  let text = files.get(path);
  if (!text) {
    text = readFile(path, 'utf8').catch(() => undefined);
    if (files.size >= MAX_FILES) files.clear();
    files.set(path, text);
  }
  return text;
}

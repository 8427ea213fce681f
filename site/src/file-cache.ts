/**
 * Text files of the site that never change under their name (a version folder's first screen,
 * the shell's hashed stylesheet), read once and kept: undefined when the file cannot be read.
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

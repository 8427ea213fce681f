/**
 * scripts/check-habits.mjs must fail on what it is there to catch: each case makes a small git
 * repository in a temporary folder, copies the real script into its scripts/ and runs it there.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const SCRIPT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'scripts', 'check-habits.mjs');
/** Written in two parts so that this file itself cites nothing. */
const CITE = (n: number) => `${'iss'}ue ${n}`;
const folders: string[] = [];
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function git(dir: string, ...args: string[]): string {
  const res = spawnSync('git', args, {
    cwd: dir,
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 't',
      GIT_AUTHOR_EMAIL: 't@example.com',
      GIT_COMMITTER_NAME: 't',
      GIT_COMMITTER_EMAIL: 't@example.com',
    },
  });
  if (res.status !== 0) throw new Error(`git ${args.join(' ')}: ${res.stderr}`);
  return res.stdout.trim();
}

/** A repository holding `files` (and the script) in one commit; its hash is the baseline. */
function repo(files: Record<string, string>): { dir: string; baseline: string } {
  const dir = mkdtempSync(join(tmpdir(), 'check-habits-'));
  folders.push(dir);
  git(dir, 'init', '-q', '-b', 'main');
  mkdirSync(join(dir, 'scripts'));
  copyFileSync(SCRIPT, join(dir, 'scripts', 'check-habits.mjs'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'start', '-m', 'The baseline.');
  return { dir, baseline: git(dir, 'rev-parse', 'HEAD') };
}

function commit(dir: string, subject: string, body?: string): void {
  writeFileSync(join(dir, `f-${Math.random()}`), 'x');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', subject, ...(body ? ['-m', body] : []));
}

function check(dir: string, name: string, baseline?: string): { status: number | null; out: string } {
  const res = spawnSync('node', [join(dir, 'scripts', 'check-habits.mjs'), name], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, HABITS_BASELINE: baseline ?? '' },
  });
  return { status: res.status, out: res.stdout };
}

describe('check-habits comments', () => {
  it('passes a tree whose comments cite docs/ only', () => {
    const { dir } = repo({ 'src/a.ts': '// The refund (docs/decisions/014).\nexport const a = 1;\n' });
    const res = check(dir, 'comments');
    expect(res.status).toBe(0);
    expect(res.out).toMatch(/^check-habits comments: ok,/);
  });

  it('names each line that cites an issue, also one wrapped onto the next comment line', () => {
    const { dir } = repo({
      'src/a.ts': `// The refund (${CITE(30)} item 4).\nexport const a = 1;\n`,
      'src/b.tsx': `/**\n * Tax rates (see ${CITE(28).replace(' ', '\n * ')}).\n */\nexport const b = 1;\n`,
      'README.md': `Staff (${CITE(7)}).\n`,
    });
    const res = check(dir, 'comments');
    expect(res.status).toBe(1);
    expect(res.out.split('\n')[0]).toBe('check-habits comments: FAILED, 3 lines cite an issue number');
    expect(res.out).toContain('src/a.ts:1:');
    expect(res.out).toContain('src/b.tsx:2:');
    expect(res.out).toContain('README.md:1:');
  });

  it('leaves docs/ alone: the decision records may tell their history', () => {
    const { dir } = repo({ 'docs/decisions/001-x.md': `Asked by ${CITE(3)}.\n` });
    expect(check(dir, 'comments').status).toBe(0);
  });
});

describe('check-habits commits', () => {
  it('passes commits with a short subject and a body, and a merge with a subject only', () => {
    const { dir, baseline } = repo({});
    commit(dir, 'Wallet: refunds in cents', 'Floats lost a cent on refunds of odd amounts.');
    git(dir, 'checkout', '-q', '-b', 'side');
    commit(dir, 'Side: one more', 'Because the side needs it.');
    git(dir, 'checkout', '-q', 'main');
    commit(dir, 'Main: one more', 'Because main needs it.');
    git(dir, 'merge', '-q', '--no-ff', '-m', 'Merge side', 'side');
    const res = check(dir, 'commits', baseline);
    expect(res.status).toBe(0);
    expect(res.out).toMatch(/^check-habits commits: ok, 4 commits since/);
  });

  it('names a commit with a long subject or no body, never one before the baseline', () => {
    const { dir, baseline } = repo({});
    commit(dir, 'x'.repeat(73), 'A body.');
    commit(dir, 'No body here');
    commit(dir, 'Trailers are no body', 'Signed-off-by: t <t@example.com>');
    const res = check(dir, 'commits', baseline);
    expect(res.status).toBe(1);
    expect(res.out.split('\n')[0]).toBe(
      'check-habits commits: FAILED, 3 of 3 commits since the baseline break the rule',
    );
    expect(res.out).toContain('subject of 73 characters');
    expect(res.out).toContain('no body: No body here');
    expect(res.out).toContain('no body: Trailers are no body');
  });

  it('checks the commits a shallow clone holds, and names a missing baseline in a full one', () => {
    const { dir, baseline } = repo({});
    commit(dir, 'One', 'Body.');
    commit(dir, 'A subject far longer than the seventy-two characters the house allows in one', 'Body.');
    const clone = mkdtempSync(join(tmpdir(), 'check-habits-clone-'));
    folders.push(clone);
    git(clone, 'clone', '-q', '--depth', '1', `file://${dir}`, '.');
    copyFileSync(SCRIPT, join(clone, 'scripts', 'check-habits.mjs'));
    const shallow = check(clone, 'commits', baseline);
    expect(shallow.status).toBe(1);
    expect(shallow.out).toMatch(/1 of 1 commits since the baseline break the rule/);
    expect(shallow.out).toContain('subject of 76 characters');
    const missing = check(dir, 'commits', 'f'.repeat(40));
    expect(missing.status).toBe(1);
    expect(missing.out).toMatch(/the baseline f{12} is not in this clone's history/);
  });
});

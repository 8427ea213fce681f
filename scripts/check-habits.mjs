// `node scripts/check-habits.mjs [comments|commits]`: two habits of the house, checked in CI.
//   comments: no tracked file outside docs/ cites a tracker's issue number ("issue" and a number,
//     also across a line break inside a comment). The tracker is not in the repository, so such a
//     comment points nowhere: say what the code does and cite a docs/ file instead.
//   commits: every commit after BASELINE has a subject of at most 72 characters and, unless it is a
//     merge, a body (the why; trailers such as Signed-off-by do not count). It reads
//     `git log BASELINE..HEAD`, so a clone needs the history back to BASELINE (in CI: a checkout
//     with the full history); a shallow clone has only its newest commits checked, and says so.
// With no argument it runs both. Each check prints one line ("check-habits <name>: ok ..." or
// "check-habits <name>: FAILED ..."), followed on failure by one line per offender; the exit code
// is 0 when every check it ran passed, 1 otherwise. HABITS_BASELINE overrides the baseline commit.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
/** The commit of main when the commit rule began: history before it is left as it is. */
const BASELINE = process.env.HABITS_BASELINE || '09b8d0b33d971c08991e680984ed2e4f99a3d651';
const SUBJECT_MAX = 72;
/** Text files whose comments and prose are read; docs/ is history and may name the tracker. */
const TEXT = new Set(['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs', '.jsx', '.css', '.json']);
for (const ext of ['.yaml', '.yml', '.sh', '.md', '.html', '.conf', '.template']) TEXT.add(ext);
const EXCLUDED = /^docs\/|(^|\/)pnpm-lock\.yaml$/;
/** "issue" or "issues", then a number (or "#" and a number), also on the next line of a comment. */
const ISSUE = /\bissues?[ \t]*(?:\r?\n[ \t]*(?:\*|\/\/|#)?[ \t]*)?#?\d/gi;
const TRAILER = /^[A-Za-z-]+: /;

function git(args) {
  const res = spawnSync('git', args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  return { ok: res.status === 0, out: res.stdout ?? '', err: (res.stderr ?? '').trim() };
}

function checkComments() {
  const files = git(['ls-files', '-z']);
  if (!files.ok) return { ok: false, line: `cannot list the files (${files.err || 'not a git clone'})` };
  const offenders = [];
  let scanned = 0;
  for (const file of files.out.split('\0')) {
    if (!file || EXCLUDED.test(file) || !TEXT.has(extname(file))) continue;
    let text;
    try {
      text = readFileSync(join(ROOT, file), 'utf8');
    } catch {
      continue; // listed but deleted in the work tree
    }
    scanned += 1;
    for (const match of text.matchAll(ISSUE)) {
      const before = text.slice(0, match.index);
      const start = before.lastIndexOf('\n') + 1;
      const end = text.indexOf('\n', match.index + match[0].length);
      const quote = text
        .slice(start, end === -1 ? undefined : end)
        .replace(/\s+/g, ' ')
        .trim();
      offenders.push(`${file}:${before.split('\n').length}: ${quote.slice(0, 110)}`);
    }
  }
  return offenders.length
    ? { ok: false, line: `${offenders.length} lines cite an issue number`, offenders }
    : { ok: true, line: `no line cites an issue number (${scanned} files)` };
}

function checkCommits() {
  if (!git(['rev-parse', '--git-dir']).ok) return { ok: false, line: 'not a git clone' };
  const shallow = git(['rev-parse', '--is-shallow-repository']).out.trim() === 'true';
  const hasBaseline = git(['cat-file', '-e', `${BASELINE}^{commit}`]).ok;
  // A shallow clone (CI's checkout may be one) holds only the newest commits: those are checked,
  // and the line says so; a full clone must hold the baseline.
  if (!hasBaseline && !shallow)
    return { ok: false, line: `the baseline ${BASELINE.slice(0, 12)} is not in this clone's history` };
  if (hasBaseline && !git(['merge-base', '--is-ancestor', BASELINE, 'HEAD']).ok)
    return { ok: false, line: `the baseline ${BASELINE.slice(0, 12)} is not an ancestor of HEAD` };
  const range = hasBaseline ? `${BASELINE}..HEAD` : 'HEAD';
  // One record per commit: hash, parents, subject, body; fields split by NUL, records by RS.
  const log = git(['log', '--format=%H%x00%P%x00%s%x00%b%x1e', range]);
  if (!log.ok) return { ok: false, line: `git log failed: ${log.err}` };
  const offenders = [];
  let count = 0;
  for (const record of log.out.split('\x1e')) {
    if (!record.trim()) continue;
    const [hash, parents, subject, body = ''] = record.replace(/^\n/, '').split('\0');
    count += 1;
    const merge = parents.trim().split(/\s+/).length > 1;
    const problems = [];
    if (subject.length > SUBJECT_MAX) problems.push(`subject of ${subject.length} characters`);
    const why = body.split('\n').filter((l) => l.trim() && !TRAILER.test(l));
    if (!merge && why.length === 0) problems.push('no body');
    if (problems.length)
      offenders.push(`${hash.slice(0, 10)} ${problems.join(', ')}: ${subject.slice(0, 60)}`);
  }
  return offenders.length
    ? {
        ok: false,
        line: `${offenders.length} of ${count} commits since the baseline break the rule`,
        offenders,
      }
    : {
        ok: true,
        line: `${count} commit${count === 1 ? '' : 's'} ${hasBaseline ? `since ${BASELINE.slice(0, 12)}` : 'in this shallow clone'}, each with a subject of at most ${SUBJECT_MAX} characters and a body`,
      };
}

const CHECKS = { comments: checkComments, commits: checkCommits };
const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !(name in CHECKS));
if (unknown.length) {
  console.log(`check-habits: unknown check ${unknown.join(', ')} (known: ${Object.keys(CHECKS).join(', ')})`);
  process.exit(2);
}
let failed = false;
for (const name of wanted.length ? wanted : Object.keys(CHECKS)) {
  const result = CHECKS[name]();
  console.log(`check-habits ${name}: ${result.ok ? 'ok,' : 'FAILED,'} ${result.line}`);
  for (const offender of result.offenders ?? []) console.log(`  ${offender}`);
  if (!result.ok) failed = true;
}
process.exit(failed ? 1 : 0);

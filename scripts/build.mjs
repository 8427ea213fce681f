// `npm run build [-- --force] [remote…]`: builds the shell, the staff site and the remotes that changed.
import { buildAll, buildRemote, buildShell, buildStaff, ensureDependencies, REMOTES } from './lib.mjs';

const args = process.argv.slice(2);
const force = args.includes('--force');
const parts = args.filter((a) => !a.startsWith('--'));
if (!args.includes('--no-install')) ensureDependencies();
if (parts.length === 0) buildAll({ force });
for (const part of parts) {
  if (part === 'shell') buildShell({ force });
  else if (part === 'staff') buildStaff({ force });
  else if (REMOTES.includes(part)) buildRemote(part, { force });
  else throw new Error(`unknown part ${part}: shell, staff, ${REMOTES.join(', ')}`);
}

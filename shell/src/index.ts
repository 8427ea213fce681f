// The first page's remote starts downloading, then the app starts. No async boundary: every
// module the shell shares is eager (in this entry's chunks), so nothing waits for another chunk.
import './mark-start.ts';
import './federation/prefetch-first-page.ts';
import './bootstrap.tsx';

// The config module reads configuration only (env.ts); it has no tables. This file exists so
// every domain keeps the same routes/service/repository shape; a DB-backed override table
// (e.g. flags changed at run time) would live here.
export {};

/**
 * Each module owns its tables' row types and its migrations
 * (docs/decisions/038-modules-own-tables-and-migrations.md): the migrator (src/db/migrations.ts)
 * only lists them, in order, under the names databases have recorded. Fails naming the
 * migration, file or table out of place.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, it } from 'vitest';
import { MIGRATIONS } from '../../src/db/migrations.js';

const SRC = join(import.meta.dirname, '../../src');
const names = Object.keys(MIGRATIONS);

/** Every file under src/ that `keep` accepts. */
function sourceFiles(keep: (path: string) => boolean, dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(keep, path);
    return keep(path) ? [path] : [];
  });
}

/** Every file of a `migrations/` folder (db/migrations/, modules/<module>/migrations/). */
const migrationFiles = sourceFiles((path) => basename(dirname(path)) === 'migrations');
/** The migration a file holds: 0007-paybill.ts holds 0007_paybill. */
const nameOf = (file: string) => basename(file, '.ts').replaceAll('-', '_');
/** Whose a file is: `db` or `modules/<module>` (for a migration, the folder above its migrations/). */
const ownerOf = (dir: string) => relative(SRC, dir);

/** Table → owner, from the `<table>: <Row>Table;` lines of each `*.tables.ts` (its `…Tables` interface). */
const tableOwners = new Map<string, string[]>();
for (const file of sourceFiles((path) => path.endsWith('.tables.ts'))) {
  for (const [, table] of readFileSync(file, 'utf8').matchAll(/^ {2}(\w+): \w+Table;$/gm)) {
    tableOwners.set(table!, [...(tableOwners.get(table!) ?? []), ownerOf(dirname(file))]);
  }
}

/** The tables a migration file drops (0050 dropped payment_audit). */
const droppedBy = (file: string) =>
  [...readFileSync(file, 'utf8').matchAll(/\.dropTable\('(\w+)'\)/g)].map(([, table]) => table!);
const dropped = new Set(migrationFiles.flatMap(droppedBy));

/** The tables a migration file creates, changes or drops, but those dropped since without a row type. */
const tablesOf = (file: string) =>
  [...readFileSync(file, 'utf8').matchAll(/\.(?:createTable|alterTable|dropTable)\('(\w+)'\)/g)]
    .map(([, table]) => table!)
    .filter((table) => tableOwners.has(table) || !dropped.has(table));

it('runs the migrations in strictly increasing order of their names, each number once', () => {
  for (const name of names) expect(name).toMatch(/^\d{4}_[a-z0-9]+(_[a-z0-9]+)*$/);
  const outOfOrder = names.flatMap((name, i) => (i > 0 && !(names[i - 1]! < name) ? [name] : []));
  expect(outOfOrder).toEqual([]);
  expect(new Set(names.map((name) => name.slice(0, 4))).size).toBe(names.length);
});

it('keeps the names existing databases recorded in kysely_migration', () => {
  expect(names.slice(0, 16)).toEqual([
    '0001_initial',
    '0002_releases',
    '0003_drop_redundant_ledger_ref_idx',
    '0004_payment_review',
    '0005_shared_secrets',
    '0006_reconcile_schedule',
    '0007_paybill',
    '0008_taxes',
    '0009_identity',
    '0010_safer_gambling',
    '0011_release_audit',
    '0012_release_health',
    '0013_canary_plans',
    '0014_release_health_tickets',
    '0015_game_launches',
    '0016_simulator_payments',
  ]);
});

it('takes each migration from a file of its own, NNNN-name.ts, and writes none in the migrator', async () => {
  const fromFiles = new Map<string, unknown>();
  for (const file of migrationFiles) {
    const exported = Object.values(await import(pathToFileURL(file).href));
    expect(exported, `${relative(SRC, file)} exports one migration`).toHaveLength(1);
    fromFiles.set(nameOf(file), exported[0]);
  }
  // Every file is listed and every listed migration is a file: one written in the migrator has none.
  expect([...fromFiles.keys()].sort()).toEqual([...names].sort());
  for (const name of names)
    expect(MIGRATIONS[name], `${name} is its file's export`).toBe(fromFiles.get(name));
  const migrator = readFileSync(join(SRC, 'db/migrations.ts'), 'utf8');
  expect(migrator.match(/\bup\s*\(|\bdb\.schema\b|\.(create|alter|drop)(Table|Index)\(/g)).toBeNull();
});

it('keeps each table row type in one place, and every table a migration makes has one', () => {
  expect([...tableOwners].filter(([, owners]) => owners.length > 1)).toEqual([]);
  const made = new Set(migrationFiles.flatMap(tablesOf));
  expect([...made].filter((table) => !tableOwners.has(table))).toEqual([]);
  expect([...tableOwners.keys()].filter((table) => !made.has(table))).toEqual([]);
});

it('puts each migration in the migrations/ folder of the module whose tables it makes or changes', () => {
  const misplaced = migrationFiles.flatMap((file) => {
    const name = nameOf(file);
    const folder = ownerOf(dirname(dirname(file)));
    const owners = new Set(tablesOf(file).map((table) => tableOwners.get(table)?.[0]));
    // The first migration made the tables of several modules; databases recorded it as one.
    if (name === '0001_initial') return folder === 'db' ? [] : [`${name}: in ${folder}, not db`];
    // Infrastructure tables (db) may come with a module's (0013: the leases with the canary plans),
    // never on their own in a module's folder; db/migrations/ makes only infrastructure tables.
    const others = [...owners].filter((owner) => owner !== folder && owner !== 'db');
    const onlyInfrastructure = folder !== 'db' && owners.size > 0 && !owners.has(folder);
    return others.length > 0 || onlyInfrastructure ? [`${name}: in ${folder}, tables of ${[...owners]}`] : [];
  });
  expect(misplaced).toEqual([]);
  expect(
    migrationFiles.filter((file) => !/^(db|modules\/[^/]+)$/.test(ownerOf(dirname(dirname(file))))),
  ).toEqual([]);
});

#!/usr/bin/env bash
# The SQLite migrations (schema/) and their PostgreSQL twins (schema/postgresql/) must build the
# same schema. Applies every migration of each dialect in order, the SQLite ones with
# the sqlite3 CLI to a scratch file and the PostgreSQL ones with psql to a throwaway cluster
# (scripts/lib/postgres.sh), describes both schemas the same way and diffs the descriptions: per
# table its columns in order (name, type, NOT NULL, default, auto-assigned id), primary key,
# unique constraints (with their collation), foreign keys, number of CHECKs and its indexes (name,
# columns, unique, partial). Then checks what both must do alike: the moves stay append-only,
# account names are unique in any case and found in any case, a new game's id is auto-assigned
# (PostgreSQL: read back with lastval(), as the server does).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
source "$root/scripts/lib/postgres.sh"

scratch="${1:?usage: schema_dialects_test.sh SCRATCH_DIR}"
rm -rf "$scratch"
mkdir -p "$scratch"
# The cluster lives under /tmp: the postgres user (when we are root) may not reach the build tree.
cluster="$(mktemp -d /tmp/warpath-schema-dialects.XXXXXX)"
trap 'pg_throwaway_stop "$cluster"' EXIT
trap 'exit 1' INT TERM
port="$(pg_free_port)"
pg_throwaway_start "$cluster" "$port"
bin="$(pg_bindir)"
psql_run() { "$bin/psql" -X -q -v ON_ERROR_STOP=1 -h "$cluster" -p "$port" -U "$PG_THROWAWAY_USER" -d warpath "$@"; }
sqlite_db="$scratch/schema.db"
sqlite_run() { sqlite3 -bail -batch "$sqlite_db" "$@"; }

# Each migration as the server applies it: in order, each in one transaction.
for file in "$root"/schema/[0-9][0-9][0-9]_*.sql; do
  name="$(basename "$file")"
  pg_file="$root/schema/postgresql/$name"
  [ -f "$pg_file" ] || { echo "schema/$name has no PostgreSQL twin schema/postgresql/$name" >&2; exit 1; }
  { echo "BEGIN;"; cat "$file"; echo "COMMIT;"; } | sqlite_run || { echo "SQLite: schema/$name failed" >&2; exit 1; }
  psql_run -1 -f "$pg_file" || { echo "PostgreSQL: schema/postgresql/$name failed" >&2; exit 1; }
done
for file in "$root"/schema/postgresql/[0-9][0-9][0-9]_*.sql; do
  name="$(basename "$file")"
  [ -f "$root/schema/$name" ] || { echo "schema/postgresql/$name has no SQLite original schema/$name" >&2; exit 1; }
done

# The description, one line per fact, '|' between fields:
#   TABLE|column|POSITION|NAME|TYPE|NOT_NULL|DEFAULT|AUTO_ID
#   TABLE|pk|COLUMNS
#   TABLE|unique|COLUMNS          (COLUMN:COLLATION where the collation is not the default)
#   TABLE|fk|COLUMNS|TABLE|COLUMNS
#   TABLE|checks|COUNT
#   TABLE|index|NAME|COLUMNS|UNIQUE|PARTIAL
# SQLite's INTEGER, TEXT and REAL read as PostgreSQL's bigint, text and double precision. SQLite's
# AUTO_ID is the rowid alias (a rowid table's one INTEGER PRIMARY KEY column) that is not also a
# foreign key (those are always given: an identity there would be a second source of ids);
# PostgreSQL's is an identity column. A primary key column is NOT NULL in PostgreSQL always, in
# SQLite only when declared so, in a WITHOUT ROWID table, or as the rowid alias: so SQLite's rowid
# table whose primary key may hold NULL shows as a difference.
sqlite_run >"$scratch/sqlite.raw" <<'EOF'
.separator |
WITH t AS (
  SELECT name, sql NOT LIKE '%WITHOUT ROWID%' AS has_rowid,
         (SELECT count(*) FROM pragma_table_info(m.name) WHERE pk > 0) AS npk
  FROM sqlite_master m WHERE type = 'table' AND name NOT LIKE 'sqlite\_%' ESCAPE '\'),
c AS (
  SELECT t.name AS tbl, t.has_rowid, p.cid, p.name, p.type, p."notnull", p.dflt_value, p.pk,
         (t.has_rowid AND t.npk = 1 AND p.pk = 1 AND upper(p.type) = 'INTEGER') AS rowid_alias
  FROM t JOIN pragma_table_info(t.name) p)
SELECT tbl, 'column', cid + 1, name,
       CASE upper(type) WHEN 'INTEGER' THEN 'bigint' WHEN 'TEXT' THEN 'text' WHEN 'REAL' THEN 'double precision'
                        ELSE lower(type) END,
       ("notnull" OR (pk > 0 AND (NOT has_rowid OR rowid_alias))),
       coalesce(dflt_value, ''),
       (rowid_alias AND NOT EXISTS (SELECT 1 FROM pragma_foreign_key_list(tbl) f WHERE f."from" = c.name))
FROM c;
SELECT name, 'pk', pk FROM (
  SELECT m.name, (SELECT group_concat(name, ',')
                  FROM (SELECT name FROM pragma_table_info(m.name) WHERE pk > 0 ORDER BY pk)) AS pk
  FROM sqlite_master m WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite\_%' ESCAPE '\')
WHERE pk IS NOT NULL;
SELECT m.name, CASE l.origin WHEN 'u' THEN 'unique' ELSE 'index' END,
       CASE l.origin WHEN 'u' THEN '' ELSE l.name END,
       (SELECT group_concat(x.name || CASE WHEN upper(x.coll) = 'BINARY' THEN '' ELSE ':' || lower(x.coll) END, ',')
        FROM (SELECT * FROM pragma_index_xinfo(l.name) WHERE key = 1 ORDER BY seqno) x),
       l."unique", l.partial
FROM sqlite_master m JOIN pragma_index_list(m.name) l
WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite\_%' ESCAPE '\' AND l.origin IN ('u', 'c');
SELECT m.name, 'fk',
       (SELECT group_concat("from", ',') FROM
          (SELECT "from" FROM pragma_foreign_key_list(m.name) WHERE id = f.id ORDER BY seq)),
       f."table",
       (SELECT group_concat("to", ',') FROM
          (SELECT "to" FROM pragma_foreign_key_list(m.name) WHERE id = f.id ORDER BY seq))
FROM sqlite_master m JOIN pragma_foreign_key_list(m.name) f
WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite\_%' ESCAPE '\' AND f.seq = 0;
EOF
# The unique and index lines of SQLite carry an empty name field for unique constraints (their
# automatic names differ from PostgreSQL's) and a unique/partial pair for both; keep only what
# the format above says.
awk -F'|' -v OFS='|' '
  $2 == "unique" { print $1, $2, $4; next }
  $2 == "index" { print $1, $2, $3, $4, $5, $6; next }
  { print }' "$scratch/sqlite.raw" >"$scratch/sqlite.txt"
# SQLite keeps each table's CREATE TABLE text (with its added columns); its CHECKs are counted
# there, comments taken out.
sqlite_run "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\_%' ESCAPE '\'" |
  while read -r table; do
    count="$(sqlite_run "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = '$table'" </dev/null |
      sed 's/--.*//' | { grep -oiw 'check' || true; } | wc -l)"
    [ "$count" -gt 0 ] && echo "$table|checks|$count"
    true
  done >>"$scratch/sqlite.txt"

psql_run -At -F '|' >"$scratch/postgresql.txt" <<'EOF'
WITH tbl AS (
  SELECT c.oid, c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE n.nspname = 'public' AND c.relkind = 'r'),
idx AS (
  SELECT i.indexrelid, tbl.relname AS tbl, ic.relname AS name, i.indisunique, i.indpred IS NOT NULL AS partial,
         (SELECT string_agg(a.attname || CASE WHEN k.coll IN (0, 100) THEN '' ELSE ':' || co.collname END,
                            ',' ORDER BY k.ord)
          FROM unnest(i.indkey::int2[], i.indcollation::oid[]) WITH ORDINALITY AS k(attnum, coll, ord)
          JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum
          LEFT JOIN pg_collation co ON co.oid = k.coll) AS cols
  FROM pg_index i JOIN tbl ON tbl.oid = i.indrelid JOIN pg_class ic ON ic.oid = i.indexrelid),
con AS (
  SELECT con.*, tbl.relname AS tbl,
         (SELECT string_agg(a.attname, ',' ORDER BY k.ord)
          FROM unnest(con.conkey) WITH ORDINALITY AS k(attnum, ord)
          JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.attnum) AS cols,
         (SELECT string_agg(a.attname, ',' ORDER BY k.ord)
          FROM unnest(con.confkey) WITH ORDINALITY AS k(attnum, ord)
          JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.attnum) AS refcols
  FROM pg_constraint con JOIN tbl ON tbl.oid = con.conrelid)
SELECT tbl.relname, 'column', (row_number() OVER (PARTITION BY tbl.relname ORDER BY a.attnum))::text, a.attname,
       format_type(a.atttypid, a.atttypmod), a.attnotnull::int::text,
       coalesce(regexp_replace(pg_get_expr(d.adbin, d.adrelid), '::[a-z ]+$', ''), ''),
       (a.attidentity <> '')::int::text
FROM tbl JOIN pg_attribute a ON a.attrelid = tbl.oid AND a.attnum > 0 AND NOT a.attisdropped
LEFT JOIN pg_attrdef d ON d.adrelid = tbl.oid AND d.adnum = a.attnum
UNION ALL
SELECT tbl, 'pk', cols, NULL, NULL, NULL, NULL, NULL FROM con WHERE contype = 'p'
UNION ALL
SELECT con.tbl, 'unique', idx.cols, NULL, NULL, NULL, NULL, NULL
FROM con JOIN idx ON idx.indexrelid = con.conindid WHERE contype = 'u'
UNION ALL
SELECT con.tbl, 'fk', con.cols, ref.relname, con.refcols, NULL, NULL, NULL
FROM con JOIN pg_class ref ON ref.oid = con.confrelid WHERE contype = 'f'
UNION ALL
SELECT tbl, 'checks', count(*)::text, NULL, NULL, NULL, NULL, NULL FROM con WHERE contype = 'c' GROUP BY tbl
UNION ALL
SELECT tbl, 'index', name, cols, indisunique::int::text, partial::int::text, NULL, NULL
FROM idx WHERE indexrelid NOT IN (SELECT conindid FROM pg_constraint WHERE conindid <> 0);
EOF
# psql prints the NULL fields of the shorter lines as trailing separators.
sed -i -E 's/\|+$//' "$scratch/postgresql.txt"
sed -i -E 's/\|+$//' "$scratch/sqlite.txt"
for side in sqlite postgresql; do LC_ALL=C sort -o "$scratch/$side.txt" "$scratch/$side.txt"; done

if [ ! -s "$scratch/sqlite.txt" ] || ! grep -q '^moves|column|' "$scratch/sqlite.txt"; then
  echo "the SQLite schema's description is empty: the test is broken" >&2
  exit 1
fi
if ! diff -u --label "SQLite (schema/*.sql)" --label "PostgreSQL (schema/postgresql/*.sql)" \
  "$scratch/sqlite.txt" "$scratch/postgresql.txt"; then
  echo >&2
  echo "The two dialects' schemas differ (lines: TABLE|column|POS|NAME|TYPE|NOT_NULL|DEFAULT|AUTO_ID," >&2
  echo "TABLE|pk|COLS, TABLE|unique|COLS, TABLE|fk|COLS|TABLE|COLS, TABLE|checks|N," >&2
  echo "TABLE|index|NAME|COLS|UNIQUE|PARTIAL; - SQLite only, + PostgreSQL only)." >&2
  exit 1
fi
echo "schemas match: $(cut -d'|' -f1 "$scratch/sqlite.txt" | sort -u | wc -l) tables, $(wc -l <"$scratch/sqlite.txt") facts"

# Behaviour both must share. expect_error DIALECT MESSAGE SQL: SQL must fail with MESSAGE.
expect_error() {
  local dialect="$1" message="$2" sql="$3" out
  if [ "$dialect" = sqlite ]; then
    out="$(sqlite_run "$sql" 2>&1)" && { echo "SQLite accepted: $sql" >&2; exit 1; }
  else
    out="$(psql_run -c "$sql" 2>&1)" && { echo "PostgreSQL accepted: $sql" >&2; exit 1; }
  fi
  grep -qF "$message" <<<"$out" || {
    echo "$dialect refused \"$sql\" but not with \"$message\": $out" >&2
    exit 1
  }
}
setup="INSERT INTO games(title, scenario, seed, created_at, updated_at) VALUES ('t', 's', 1, 'now', 'now');
INSERT INTO moves(game_id, seq, role, verb, arg, created_at) VALUES (1, 1, 'r', 'v', 'null', 'now');
INSERT INTO accounts(name, created_at) VALUES ('Alice', 'now');"
sqlite_run "$setup"
psql_run -c "$setup"
[ "$(psql_run -At -c "INSERT INTO games(title, scenario, seed, created_at, updated_at) VALUES ('t', 's', 2, 'now', 'now') RETURNING id; SELECT lastval()" | sort -u)" = 2 ] ||
  { echo "PostgreSQL: lastval() is not the new game's id 2" >&2; exit 1; }
for dialect in sqlite postgresql; do
  expect_error "$dialect" "moves are append-only" "UPDATE moves SET verb = 'x' WHERE game_id = 1"
  expect_error "$dialect" "moves are append-only" "DELETE FROM moves WHERE game_id = 1"
done
expect_error postgresql "moves are append-only" "TRUNCATE moves"
expect_error sqlite "UNIQUE constraint failed" "INSERT INTO accounts(name, created_at) VALUES ('aLICE', 'now')"
expect_error postgresql "accounts_name_key" "INSERT INTO accounts(name, created_at) VALUES ('aLICE', 'now')"
for dialect in sqlite postgresql; do
  if [ "$dialect" = sqlite ]; then
    found="$(sqlite_run "SELECT count(*) FROM accounts WHERE name = 'ALICE'")"
  else
    found="$(psql_run -At -c "SELECT count(*) FROM accounts WHERE name = 'ALICE'")"
  fi
  [ "$found" = 1 ] || { echo "$dialect: the account 'Alice' is not found as 'ALICE'" >&2; exit 1; }
done
echo "behaviour matches: append-only moves, account names in any case, auto-assigned ids"

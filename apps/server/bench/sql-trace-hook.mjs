// issue 37: loaded into a server process with `--import` by bench/sql-trace.ts. Writes every statement
// the process sends to its database, one line each, to SQL_TRACE_FILE: on SQLite each run of a
// better-sqlite3 statement (Kysely's and the ledger's prepared ones alike), on PostgreSQL each
// query a pg client sends. Nothing else in the process changes.
import fs from 'node:fs';
import { createRequire } from 'node:module';

const file = process.env.SQL_TRACE_FILE;
if (file) {
  const require = createRequire(import.meta.url);
  // each line: the database (a SQLite file's name, or pg) and the statement
  const write = (where, text) => fs.appendFileSync(file, `${where}\t${String(text).replace(/\s+/g, ' ').trim()}\n`);

  const Sqlite = require('better-sqlite3');
  const probe = new Sqlite(':memory:');
  const Statement = Object.getPrototypeOf(probe.prepare('SELECT 1'));
  probe.close();
  for (const method of ['run', 'get', 'all', 'iterate']) {
    const original = Statement[method];
    Statement[method] = function (...args) {
      write(this.database.name, this.source);
      return original.apply(this, args);
    };
  }
  const exec = Sqlite.prototype.exec;
  Sqlite.prototype.exec = function (text) {
    write(this.name, text);
    return exec.call(this, text);
  };

  const pg = require('pg');
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (config, ...rest) {
    write('pg', typeof config === 'string' ? config : config?.text);
    return query.call(this, config, ...rest);
  };
}

// Which statements are sent named (docs/decisions/024-named-statements.md): repeated texts from their second use, never a
// script or a one-off, never more than the cap; and on PostgreSQL a named statement answers as the unnamed one did.
import { describe, expect, it } from 'vitest';
import { statementNames } from './statement-names';
import { openTestDatabase } from '../test/test-database';
import { openDatabase } from './client';

describe('statement names', () => {
  it('names a text from its second use, the same name every time, one name per text', () => {
    const names = statementNames();
    expect(names.nameFor('select 1')).toBeUndefined();
    const name = names.nameFor('select 1');
    expect(name).toMatch(/^tb_[\w-]+$/);
    expect(names.nameFor('select 1')).toBe(name);
    names.nameFor('select 2');
    expect(names.nameFor('select 2')).not.toBe(name);
  });

  it('never names a script of several statements', () => {
    const names = statementNames();
    names.nameFor('select 1; select 2');
    expect(names.nameFor('select 1; select 2')).toBeUndefined();
  });

  it('leaves unnamed, planned with the values of each call, a statement whose plan depends on them', () => {
    const names = statementNames();
    for (const text of [
      'select id from customers where name ilike $1',
      'select id from invoices where invoice_number like $1',
      'select count(*) from work_orders where created_at > $1::timestamptz',
      'select id from invoices where customer_id = any($1::int[])',
      'select id from appointments where tsrange(a, b) && tsrange($1, $2)',
      'select id from payments where received_date between $1 and $2',
    ]) {
      names.nameFor(text);
      expect(names.nameFor(text), text).toBeUndefined();
    }
    names.nameFor('select id from user_sessions where session_token = $1 and expires_at > $2');
    expect(names.nameFor('select id from user_sessions where session_token = $1 and expires_at > $2')).toBeDefined();
  });

  it('stops naming new texts at the cap', () => {
    const names = statementNames(2);
    for (const t of ['a', 'a', 'b', 'b']) names.nameFor(t);
    expect(names.size).toBe(2);
    names.nameFor('c');
    expect(names.nameFor('c')).toBeUndefined();
    expect(names.nameFor('a')).toBeDefined();
  });

  it('answers repeated queries with their own values; on PostgreSQL as a named statement', async () => {
    const database = await openTestDatabase();
    // One connection, so the statement this test repeats is on the connection it then asks about.
    const one = database.url ? await openDatabase({ databaseUrl: database.url, poolSize: 1 }) : database;
    try {
      for (const n of [1, 2, 3, 4, 5, 6, 7]) {
        const { rows } = await one.query('select $1::int * 2 as twice', [n]);
        expect(rows[0]).toEqual({ twice: n * 2 });
      }
      if (one.kind === 'postgres') {
        const { rows } = await one.query(`select name from pg_prepared_statements where statement = 'select $1::int * 2 as twice'`);
        expect(rows).toEqual([{ name: expect.stringMatching(/^tb_/) }]);
      }
    } finally {
      if (one !== database) await one.close();
      await database.close();
    }
  });
});


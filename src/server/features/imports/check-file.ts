// The checks of a file before anything is written (docs/rules/data-exchange.md#import-problems): the mapping, every row
// against the create form's own schema, rows repeating an earlier row, and what each row does with the record it
// matches. Every problem is named by row (as the spreadsheet numbers it) and column (the file's header).
import { IMPORT_FIELDS, type ImportDuplicates, type ImportKind, type ImportMapping, type ImportProblem, type ImportRowAction } from '../../../contracts/imports';
import { invalid } from '../../platform/errors';
import type { Existing, KindSpec, RecordChange, RowKey } from './import-spec';
import { columnLetter, type Sheet } from './read-sheet';

/** A row that passed the form's rules. */
export interface ValidRow<R> {
  row: number;
  record: R;
  /** Record fields the row gave: a mapped column feeding it holds something. */
  fields: Set<string>;
  key: RowKey | null;
}

export interface RowCheck<R> {
  problems: ImportProblem[];
  valid: ValidRow<R>[];
  /** The preview's rows: the record, or the form input when the row has a problem. */
  first: { row: number; record: R | null; input: Record<string, unknown> }[];
  /** Rows repeating an earlier row's key (each a problem). */
  repeated: number;
}

/** Which mapped fields feed each record field (First name and Last name feed Name), in the form's order. */
function sourcesOf(kind: ImportKind): Map<string, string[]> {
  const sources = new Map<string, string[]>();
  for (const f of IMPORT_FIELDS[kind]) {
    const target = f.into ?? f.name;
    sources.set(target, [...(sources.get(target) ?? []), f.name]);
  }
  return sources;
}

/**
 * Every field of the kind with its column (null: none). A field the kind does not have, or a column the file does
 * not have, is a mistake of the request (400), not of the file.
 */
export function completeMapping(kind: ImportKind, columns: readonly string[], mapping: ImportMapping): ImportMapping {
  const names = new Set(IMPORT_FIELDS[kind].map((f) => f.name));
  const known = new Set(columns);
  for (const [field, column] of Object.entries(mapping)) {
    if (!names.has(field)) throw invalid(`mapping.${field}: Not a field of this import`, [{ path: `mapping.${field}`, message: 'Not a field of this import' }]);
    if (column !== null && !known.has(column)) {
      throw invalid(`mapping.${field}: The file has no column "${column}"`, [{ path: `mapping.${field}`, message: `The file has no column "${column}"` }]);
    }
  }
  return Object.fromEntries(IMPORT_FIELDS[kind].map((f) => [f.name, mapping[f.name] ?? null]));
}

const KEY_FIELD: Record<RowKey['by'], string> = { email: 'email', phone: 'phone', sku: 'sku', name: 'name' };
const KEY_WORDS: Record<RowKey['by'], string> = { email: 'e-mail', phone: 'phone', sku: 'SKU', name: 'name' };

export function checkRows<R>(spec: KindSpec<R>, sheet: Sheet, mapping: ImportMapping, previewRows: number): RowCheck<R> {
  const sources = sourcesOf(spec.kind);
  const index = new Map<string, number>();
  for (const [field, column] of Object.entries(mapping)) if (column !== null) index.set(field, sheet.columns.indexOf(column));

  // A required field no column can fill is one problem of the header row, not one per row.
  const unmapped = IMPORT_FIELDS[spec.kind].filter((f) => f.required && !(sources.get(f.name) ?? []).some((s) => index.has(s)));
  if (unmapped.length > 0) {
    return {
      problems: unmapped.map((f) => ({ row: 1, column: '', field: f.name, message: `Choose the column that holds ${f.label}` })),
      valid: [],
      first: [],
      repeated: 0,
    };
  }

  const problems: ImportProblem[] = [];
  const valid: ValidRow<R>[] = [];
  const first: RowCheck<R>['first'] = [];
  const seen = new Map<string, number>();
  let repeated = 0;

  for (const { row, cells, overflow } of sheet.rows) {
    const cell = (field: string) => {
      const i = index.get(field);
      return i === undefined ? '' : cells[i];
    };
    /** The header of the column a record field came from: the first mapped source holding something. */
    const columnOf = (field: string) => {
      const mapped = (sources.get(field) ?? []).filter((s) => index.has(s));
      const source = mapped.find((s) => cell(s)) ?? mapped[0];
      return source === undefined ? '' : (mapping[source] ?? '');
    };
    const input = spec.formInput(cell);
    const parsed = spec.schema.safeParse(input);
    const own: ImportProblem[] = [];
    if (overflow !== null) own.push({ row, column: `Column ${columnLetter(overflow)}`, field: '', message: 'This cell is past the last column of the header' });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '');
        own.push({ row, column: columnOf(field), field, message: issue.message });
      }
    }
    let record: R | null = null;
    if (parsed.success && own.length === 0) {
      record = parsed.data;
      const key = spec.keyOf(record);
      const earlier = key ? seen.get(`${key.by}:${key.value}`) : undefined;
      if (key && earlier !== undefined) {
        repeated++;
        own.push({ row, column: columnOf(KEY_FIELD[key.by]), field: KEY_FIELD[key.by], message: `Same ${KEY_WORDS[key.by]} as row ${earlier}` });
      } else {
        if (key) seen.set(`${key.by}:${key.value}`, row);
        const fields = new Set([...sources].filter(([, from]) => from.some((s) => cell(s))).map(([target]) => target));
        valid.push({ row, record, fields, key });
      }
    }
    problems.push(...own);
    if (first.length < previewRows) first.push({ row, record: own.length === 0 ? record : null, input });
  }
  return { problems, valid, first, repeated };
}

export interface Plan<R> {
  creates: R[];
  updates: RecordChange<R>[];
  skipped: number;
  /** Rows matching a record already there. */
  matching: number;
  problems: ImportProblem[];
  actions: Map<number, ImportRowAction>;
}

/** What each valid row does, given the record it matches (if any) and the duplicates choice. */
export function planRows<R>(check: RowCheck<R>, existing: (Existing | null)[], duplicates: ImportDuplicates, mapping: ImportMapping): Plan<R> {
  const plan: Plan<R> = { creates: [], updates: [], skipped: 0, matching: 0, problems: [], actions: new Map() };
  const updatedBy = new Map<number, number>();
  check.valid.forEach((v, i) => {
    const match = existing[i];
    const act = (action: ImportRowAction) => plan.actions.set(v.row, action);
    if (!match) {
      plan.creates.push(v.record);
      return act('create');
    }
    plan.matching++;
    const keyField = v.key ? KEY_FIELD[v.key.by] : 'name';
    const problem = (message: string) => plan.problems.push({ row: v.row, column: mapping[keyField] ?? '', field: keyField, message });
    if (duplicates === 'skip') {
      plan.skipped++;
      return act('skip');
    }
    if (duplicates === 'create') {
      if (match.blocksCreate) return problem(match.blocksCreate);
      plan.creates.push(v.record);
      return act('create');
    }
    const earlier = updatedBy.get(match.id);
    if (earlier !== undefined) return problem(`Matches the same record as row ${earlier}`);
    updatedBy.set(match.id, v.row);
    plan.updates.push({ id: match.id, record: v.record, fields: v.fields });
    act('update');
  });
  return plan;
}

/** Problems in row order (a row's own in the order found). */
export function sortProblems(problems: ImportProblem[]): ImportProblem[] {
  return problems.sort((a, b) => a.row - b.row);
}

// Import data (/imports, docs/rules/data-exchange.md#imports): choose what to import and a file, match its columns,
// choose what to do with rows matching a record already there, read the preview and its problems, then import with
// a progress bar that follows the server's batches. Reached from the Import button of the lists.
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, ShieldX, Upload } from 'lucide-react';
import {
  IMPORT_KIND_LABELS,
  IMPORT_KINDS,
  IMPORT_LIST_PATHS,
  IMPORT_MATCH_TEXTS,
  IMPORT_PERMISSIONS,
  importFormSchema,
  type Import,
  type ImportChoices,
  type ImportFormValues,
  type ImportKind,
} from '@contracts/imports';
import type { LabelSet } from '@contracts/vocabulary';
import { singular } from '@contracts/vocabulary';
import { errorMessage } from '@/lib/api-client';
import { useCan } from '@/lib/auth/use-can';
import { useCurrentUser } from '@/lib/auth/current-user';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useLabels } from '@/lib/use-labels';
import { OrganizationSelect } from '@/components/organization-select';
import { PageHeader } from '@/components/page-header';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Form } from '@/components/ui/form';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { useImportPreview, useRunImport, useUploadImport } from '@/features/imports/api/imports-api';
import { FilePicker } from '@/features/imports/components/file-picker';
import { DuplicatesChoice, MappingFields } from '@/features/imports/components/mapping-fields';
import { PreviewTable } from '@/features/imports/components/preview-table';
import { ProblemList } from '@/features/imports/components/problem-list';
import { ProgressBar } from '@/features/imports/components/progress-bar';
import { RecentImports } from '@/features/imports/components/recent-imports';

const resolver = zodResolver(importFormSchema);
const count = (n: number) => n.toLocaleString('en-US');

/** The kind in the organization's words where it has them (Patients, Parts & Materials). */
function kindLabel(kind: ImportKind, labels: LabelSet): string {
  if (kind === 'customers') return labels.customers;
  if (kind === 'inventory_items') return labels.inventory;
  return IMPORT_KIND_LABELS[kind];
}

function formValues(imp: Import): ImportFormValues {
  return { mapping: Object.fromEntries(imp.fields.map((f) => [f.name, imp.mapping[f.name] ?? ''])), duplicates: imp.duplicates };
}

export function ImportsScreen() {
  const can = useCan();
  const labels = useLabels();
  const [params, setParams] = useSearchParams();
  const kinds = IMPORT_KINDS.filter((k) => can(IMPORT_PERMISSIONS[k]));
  const kind = kinds.find((k) => k === params.get('kind')) ?? kinds[0];

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader title="Import data" description="Bring customers, inventory items, services or vendors in from a CSV or XLSX file: all rows come in, or none do." />
      {kind === undefined ? (
        <div className="flex min-h-[40vh] flex-col items-center justify-center gap-3 text-center" data-testid="access-denied">
          <ShieldX className="size-10 text-muted-foreground" aria-hidden />
          <h2 className="text-xl font-semibold">Access denied</h2>
          <p className="max-w-sm text-sm text-muted-foreground">Your role does not let you add the records an import brings in. Ask your organization admin if you need it.</p>
        </div>
      ) : (
        // Stacked as flex columns, whose items take the column's width: the preview table then scrolls inside its
        // box instead of widening the page (a grid item would grow to the table's width).
        <div className="flex flex-col gap-6">
          <div className="grid max-w-xs gap-2">
            <Label htmlFor="import-kind">What to import</Label>
            <NativeSelect id="import-kind" value={kind} onChange={(e) => setParams({ kind: e.target.value }, { replace: true })}>
              {kinds.map((k) => (
                <option key={k} value={k}>
                  {kindLabel(k, labels)}
                </option>
              ))}
            </NativeSelect>
          </div>
          {/* A new kind starts afresh: its fields, its matching and its list differ. */}
          <ImportFlow key={kind} kind={kind} label={kindLabel(kind, labels)} />
        </div>
      )}
    </div>
  );
}

function ImportFlow({ kind, label }: { kind: ImportKind; label: string }) {
  const { user } = useCurrentUser();
  const isSuperUser = user?.role === 'super_user';
  const [organizationId, setOrganizationId] = useState<number | null>(null);
  const [uploaded, setUploaded] = useState<Import | null>(null);
  const [uploading, setUploading] = useState<number | null>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [result, setResult] = useState<Import | null>(null);
  const upload = useUploadImport();
  const run = useRunImport();
  const form = useForm<ImportFormValues, unknown, ImportChoices>({ resolver, defaultValues: { mapping: {}, duplicates: 'skip' } });

  // The preview follows the choices once they have stopped changing for a moment.
  const watched = JSON.stringify(useWatch({ control: form.control }));
  const settled = useDebouncedValue(watched, 300);
  const choices = useMemo(() => {
    const parsed = importFormSchema.safeParse(JSON.parse(settled));
    return parsed.success ? parsed.data : null;
  }, [settled]);
  const preview = useImportPreview(uploaded && !result ? uploaded.id : null, uploaded && settled === watched ? choices : null);
  const data = uploaded ? preview.data : undefined;
  const noun = singular(label).toLowerCase();
  const needsOrganization = isSuperUser && !organizationId;

  const onFile = (file: File) => {
    setUploading(0);
    upload.mutate(
      { kind, file, organizationId: organizationId ?? undefined, onProgress: setUploading },
      {
        onSuccess: (imp) => {
          setUploaded(imp);
          form.reset(formValues(imp));
        },
        onSettled: () => setUploading(null),
      },
    );
  };

  const startOver = () => {
    setUploaded(null);
    setResult(null);
    setProgress(null);
    upload.reset();
    run.reset();
  };

  const onImport = form.handleSubmit((values) => {
    if (!uploaded) return;
    setProgress({ done: 0, total: 0 });
    run.mutate({ id: uploaded.id, choices: values, onProgress: (done, total) => setProgress({ done, total }) }, { onSuccess: setResult });
  });

  if (result) {
    return (
      <Card data-testid="import-result">
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <CheckCircle2 className="size-5 text-green-700" aria-hidden />
            Import complete
          </CardTitle>
          <CardDescription>{result.fileName}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <dl className="grid grid-cols-3 gap-3 text-center">
            {(
              [
                ['Created', result.created],
                ['Updated', result.updated],
                ['Skipped', result.skipped],
              ] as const
            ).map(([name, n]) => (
              <div key={name} className="rounded-lg border p-3">
                <dt className="text-xs text-muted-foreground">{name}</dt>
                <dd className="text-2xl font-semibold tabular-nums">{count(n)}</dd>
              </div>
            ))}
          </dl>
          <div className="flex flex-wrap gap-2">
            <Button asChild>
              <Link to={IMPORT_LIST_PATHS[kind]}>Go to {kind === 'services' ? 'Scheduling' : label}</Link>
            </Button>
            <Button variant="outline" onClick={startOver}>
              Import another file
            </Button>
          </div>
        </CardContent>
      </Card>
    );
  }

  const running = run.isPending;
  const total = data ? data.outcome.create + data.outcome.update : 0;
  const canImport = !!data && !preview.isPlaceholderData && !preview.isFetching && data.problemCount === 0 && total > 0 && !running;

  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle>1. Choose a file</CardTitle>
          <CardDescription>
            Exports of Jobber, Housecall Pro and QuickBooks Online are recognised as they are. {label} are matched to those already here {IMPORT_MATCH_TEXTS[kind]}.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {isSuperUser && !uploaded && (
            <OrganizationSelect id="import-organization" className="max-w-xs" value={organizationId} onChange={setOrganizationId} noneLabel="Choose an organization" />
          )}
          {uploaded ? (
            <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between" data-testid="import-file">
              <p className="min-w-0 text-sm break-words">
                <span className="font-medium">{uploaded.fileName}</span>: {count(uploaded.rowCount)} rows, {count(uploaded.columns.length)} columns
              </p>
              <Button variant="outline" onClick={startOver} disabled={running}>
                <Upload aria-hidden />
                Choose another file
              </Button>
            </div>
          ) : needsOrganization ? (
            <p className="text-sm text-muted-foreground">Choose the organization the records go to first.</p>
          ) : (
            <FilePicker onFile={onFile} uploading={uploading} />
          )}
          {upload.isError && (
            <Alert variant="destructive">
              <AlertTitle>The file was not taken</AlertTitle>
              <AlertDescription>{errorMessage(upload.error)}</AlertDescription>
            </Alert>
          )}
        </CardContent>
      </Card>

      {uploaded && (
        <Form {...form}>
          <form onSubmit={onImport} className="flex flex-col gap-6" noValidate>
            <Card>
              <CardHeader>
                <CardTitle>2. Match the columns</CardTitle>
                <CardDescription>Each field is filled from the column chosen for it; the columns recognised are chosen already.</CardDescription>
              </CardHeader>
              <CardContent className="grid gap-6">
                <MappingFields control={form.control} fields={uploaded.fields} columns={uploaded.columns} />
                <DuplicatesChoice control={form.control} noun={noun} matchText={IMPORT_MATCH_TEXTS[kind]} />
              </CardContent>
            </Card>

            <Card>
              <CardHeader>
                <CardTitle>3. Check and import</CardTitle>
                <CardDescription aria-live="polite" data-testid="import-counts">
                  {data
                    ? `${count(data.counts.rows)} rows: ${count(data.counts.new)} new, ${count(data.counts.matching)} matching a ${noun} already here. The import will create ${count(data.outcome.create)}, update ${count(data.outcome.update)} and skip ${count(data.outcome.skip)}.`
                    : 'Reading the file...'}
                </CardDescription>
              </CardHeader>
              <CardContent className="flex flex-col gap-4">
                {preview.isError && (
                  <Alert variant="destructive">
                    <AlertTitle>The preview failed</AlertTitle>
                    <AlertDescription>{errorMessage(preview.error)}</AlertDescription>
                  </Alert>
                )}
                {data && data.rows.length > 0 && (
                  <div className="flex flex-col gap-2">
                    <h3 className="text-sm font-medium">The first rows as they will come in</h3>
                    <div className="rounded-lg border">
                      <PreviewTable rows={data.rows} fields={uploaded.fields} />
                    </div>
                  </div>
                )}
                {data && data.problemCount > 0 && <ProblemList problems={data.problems} count={data.problemCount} />}
                {progress && (running || run.isError) && (
                  <ProgressBar
                    label="Import progress"
                    percent={progress.total > 0 ? (progress.done / progress.total) * 100 : 0}
                    text={progress.total > 0 ? `Importing... ${count(progress.done)} of ${count(progress.total)}` : 'Checking the file...'}
                    testId="import-progress"
                  />
                )}
                {run.isError && (
                  <Alert variant="destructive">
                    <AlertTitle>Nothing was imported</AlertTitle>
                    <AlertDescription>{errorMessage(run.error)}</AlertDescription>
                  </Alert>
                )}
                <div>
                  <Button type="submit" disabled={!canImport}>
                    {running ? 'Importing...' : `Import ${count(total)} ${total === 1 ? noun : label.toLowerCase()}`}
                  </Button>
                </div>
              </CardContent>
            </Card>
          </form>
        </Form>
      )}

      <Card>
        <CardHeader>
          <CardTitle>Recent imports</CardTitle>
        </CardHeader>
        <CardContent>
          <RecentImports kind={kind} />
        </CardContent>
      </Card>
    </>
  );
}

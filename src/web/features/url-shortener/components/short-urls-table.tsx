import { Copy, ExternalLink, Pencil } from 'lucide-react';
import type { ShortUrl } from '@contracts/short-urls';
import { formatDate } from '@contracts/format';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { OrganizationCell, OrganizationHead, OrganizationLine } from '@/components/organization-column';
import { copyShortUrl, fullShortUrl, openShortUrl } from '@/features/url-shortener/lib/short-url-links';

function RowActions({ row, canManage, onEdit }: { row: ShortUrl; canManage: boolean; onEdit: (row: ShortUrl) => void }) {
  return (
    <div className="flex items-center justify-end">
      <Button variant="ghost" size="sm" onClick={() => void copyShortUrl(row.shortCode)} aria-label={`Copy short URL for ${row.title}`} title="Copy">
        <Copy aria-hidden />
      </Button>
      <Button variant="ghost" size="sm" onClick={() => openShortUrl(row.shortCode)} aria-label={`Open short URL for ${row.title}`} title="Open">
        <ExternalLink aria-hidden />
      </Button>
      {canManage && (
        <Button variant="ghost" size="sm" onClick={() => onEdit(row)} aria-label={`Edit ${row.title}`} title="Edit">
          <Pencil aria-hidden />
        </Button>
      )}
    </div>
  );
}

function ShortLink({ row }: { row: ShortUrl }) {
  return (
    <span className="font-mono text-xs break-all">
      {fullShortUrl(row.shortCode)}
      {!row.isActive && (
        <Badge variant="secondary" className="ml-2 font-sans">
          Inactive
        </Badge>
      )}
    </span>
  );
}

/** A table on wide screens, cards on phones. */
export function ShortUrlsTable({ rows, canManage, onEdit }: { rows: ShortUrl[]; canManage: boolean; onEdit: (row: ShortUrl) => void }) {
  return (
    <>
      <div className="hidden md:block">
        <Table>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>Title</TableHead>
              <OrganizationHead />
              <TableHead>Short URL</TableHead>
              <TableHead>Original URL</TableHead>
              <TableHead className="text-right">Clicks</TableHead>
              <TableHead>Created</TableHead>
              <TableHead className="text-right">Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.id} data-testid="short-url-row">
                <TableCell className="max-w-48 truncate font-medium" title={row.title}>
                  {row.title}
                </TableCell>
                <OrganizationCell organizationId={row.organizationId} />
                <TableCell className="min-w-48">
                  <ShortLink row={row} />
                </TableCell>
                <TableCell>
                  <p className="max-w-64 truncate text-muted-foreground xl:max-w-96" title={row.originalUrl}>
                    {row.originalUrl}
                  </p>
                </TableCell>
                <TableCell className="text-right tabular-nums">{row.clicks.toLocaleString('en-US')}</TableCell>
                <TableCell className="whitespace-nowrap">{formatDate(row.createdAt)}</TableCell>
                <TableCell className="py-1 pr-2 pl-0">
                  <RowActions row={row} canManage={canManage} onEdit={onEdit} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <ul className="divide-y md:hidden" aria-label="Short URLs">
        {rows.map((row) => (
          <li key={row.id} className="flex items-start gap-2 px-4 py-3" data-testid="short-url-card">
            <div className="min-w-0 flex-1 space-y-0.5 text-sm">
              <p className="truncate font-medium">{row.title}</p>
              <ShortLink row={row} />
              <p className="truncate text-xs text-muted-foreground" title={row.originalUrl}>
                {row.originalUrl}
              </p>
              <p className="text-xs text-muted-foreground">
                {row.clicks.toLocaleString('en-US')} {row.clicks === 1 ? 'click' : 'clicks'} · {formatDate(row.createdAt)}
              </p>
              <OrganizationLine organizationId={row.organizationId} />
            </div>
            <RowActions row={row} canManage={canManage} onEdit={onEdit} />
          </li>
        ))}
      </ul>
    </>
  );
}

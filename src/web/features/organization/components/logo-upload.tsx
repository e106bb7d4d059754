import { useRef, useState } from 'react';
import { ImageUp } from 'lucide-react';
import { LOGO_LIMITS, logoFileProblem, type OrganizationListItem } from '@contracts/organizations';
import { errorMessage } from '@/lib/api-client';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { OrganizationLogo } from '@/components/public/organization-logo';
import { useUploadLogo } from '@/features/organization/api/organizations';

/**
 * The logo with its upload button. The browser's checks (image type, 5 MB) come first and send nothing;
 * the server then decides by the file's content, and its answer is shown here.
 */
export function LogoUpload({ organization }: { organization: OrganizationListItem }) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadLogo();
  const [problem, setProblem] = useState<string | null>(null);
  const problemId = `organization-${organization.id}-logo-problem`;

  const fail = (message: string) => {
    setProblem(message);
    toast({ variant: 'destructive', title: 'Failed to upload logo', description: message });
  };

  const onFile = (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    const local = logoFileProblem(file);
    if (local) return fail(local);
    setProblem(null);
    upload.mutate(
      { id: organization.id, file },
      {
        onSuccess: () => toast({ title: 'Logo uploaded successfully' }),
        onError: (error) => fail(errorMessage(error, 'Failed to upload logo')),
      },
    );
  };

  return (
    <div className="flex items-center gap-4" data-testid="logo-upload">
      <OrganizationLogo name={organization.name} logo={organization.logo} className="size-16 shrink-0 border text-xl" />
      <div className="min-w-0 space-y-1">
        <input
          ref={input}
          type="file"
          accept={LOGO_LIMITS.contentTypes.join(',')}
          className="sr-only"
          tabIndex={-1}
          aria-label={`Logo file for ${organization.name}`}
          data-testid="logo-file-input"
          onChange={(e) => onFile(e.target.files?.[0])}
        />
        <Button type="button" variant="outline" size="sm" disabled={upload.isPending} onClick={() => input.current?.click()} aria-describedby={problem ? problemId : undefined}>
          <ImageUp aria-hidden />
          {upload.isPending ? 'Uploading...' : organization.logo ? 'Change Logo' : 'Upload Logo'}
        </Button>
        <p className="text-xs text-muted-foreground">PNG, JPEG, GIF or WebP; up to 5MB and 4096 x 4096 pixels.</p>
        {problem && (
          <p id={problemId} role="alert" className="text-sm text-destructive" data-testid="logo-problem">
            {problem}
          </p>
        )}
      </div>
    </div>
  );
}

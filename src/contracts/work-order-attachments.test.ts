// The browser's pre-check and the caption rules of job photos (docs/rules/team.md#photos-and-files).
import { describe, expect, it } from 'vitest';
import { ATTACHMENT_LIMITS, ATTACHMENT_MESSAGES, attachmentCaptionFormSchema, attachmentFileProblem, updateAttachmentBodySchema, uploadAttachmentFieldsSchema } from './work-order-attachments';

describe('attachmentFileProblem', () => {
  it('lets photos, PDFs and a camera photo without a declared type through, and leaves the type to the server', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/heic', 'application/pdf', '']) expect(attachmentFileProblem({ type, size: 1000 }), type).toBeNull();
  });
  it('refuses a declared other type and anything over 20 MB', () => {
    expect(attachmentFileProblem({ type: 'text/plain', size: 10 })).toBe(ATTACHMENT_MESSAGES.unsupported);
    expect(attachmentFileProblem({ type: 'image/jpeg', size: ATTACHMENT_LIMITS.maxBytes + 1 })).toBe(ATTACHMENT_MESSAGES.tooLarge);
    expect(attachmentFileProblem({ type: 'image/jpeg', size: ATTACHMENT_LIMITS.maxBytes })).toBeNull();
  });
});

describe('captions and sharing', () => {
  it('trims a caption, makes a blank one none, and refuses more than 500 characters', () => {
    expect(attachmentCaptionFormSchema.parse({ caption: '  After the repair ' })).toEqual({ caption: 'After the repair' });
    expect(attachmentCaptionFormSchema.parse({ caption: '   ' })).toEqual({ caption: null });
    const long = attachmentCaptionFormSchema.safeParse({ caption: 'x'.repeat(501) });
    expect(long.success).toBe(false);
    expect(long.error?.issues[0].message).toBe(ATTACHMENT_MESSAGES.caption);
  });
  it('reads the upload fields as sent in a form, shared off unless `true`', () => {
    expect(uploadAttachmentFieldsSchema.parse({})).toEqual({ shared: false });
    expect(uploadAttachmentFieldsSchema.parse({ shared: 'true', caption: 'x' })).toEqual({ shared: true, caption: 'x' });
    expect(uploadAttachmentFieldsSchema.safeParse({ shared: 'yes' }).success).toBe(false);
    expect(updateAttachmentBodySchema.parse({ shared: true })).toEqual({ shared: true });
    expect(updateAttachmentBodySchema.safeParse({ shared: 'true' }).success).toBe(false);
  });
});

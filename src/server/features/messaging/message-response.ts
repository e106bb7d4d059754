// The message and template rows as the API sends them.
import type { Message, MessageTemplate } from '../../../contracts/messaging';
import type { messages, messageTemplates } from '../../db/schema/index';

export function toMessageResponse(row: typeof messages.$inferSelect): Message {
  return {
    id: row.id,
    organizationId: row.organizationId,
    subject: row.subject,
    content: row.content,
    recipients: row.recipients,
    type: row.type,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    sentDate: row.sentDate ? row.sentDate.toISOString() : null,
    createdBy: row.createdBy,
  };
}

export function toTemplateResponse(row: typeof messageTemplates.$inferSelect): MessageTemplate {
  return {
    id: row.id,
    organizationId: row.organizationId,
    name: row.name,
    type: row.type,
    subject: row.subject,
    content: row.content,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
  };
}

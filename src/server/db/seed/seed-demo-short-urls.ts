// Demo short links: what a home-services business hands out on cards, invoices and texts.
import type { DbOrTx } from '../client';
import { shortUrls } from '../schema/index';

export async function seedDemoShortUrls(tx: DbOrTx, organizationId: number, slug: string, now: Date): Promise<void> {
  const day = 86_400_000;
  await tx.insert(shortUrls).values([
    { organizationId, title: 'Book online', originalUrl: 'https://demohomeservices.example/book-online', shortCode: `${slug}-book`, clicks: 42, createdAt: new Date(now.getTime() - 60 * day) },
    { organizationId, title: 'Leave us a review', originalUrl: 'https://www.google.com/search?q=Demo+Home+Services+reviews', shortCode: `${slug}-review`, clicks: 17, createdAt: new Date(now.getTime() - 30 * day) },
    { organizationId, title: 'Winter furnace checklist', originalUrl: 'https://www.energy.gov/energysaver/furnaces-and-boilers', shortCode: `${slug}-furnace`, clicks: 5, createdAt: new Date(now.getTime() - 7 * day) },
  ]);
}

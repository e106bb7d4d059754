// npm run seed:large [-- --orgs 20 --customers 10000 --work-orders 50000 --invoices 50000 --line-items 3 --payments 100000 --appointments 20000]
// Fills an EMPTY database (DATABASE_URL or DATA_DIR, like the app) with one big organization and small ones.
// The demo seed runs only on an empty database, so `npm start` on the same DATA_DIR keeps this data as it is.
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { runMigrations } from '../src/server/db/migrate';
import { DEFAULT_LARGE_SIZES, seedLarge, type LargeSizes } from '../src/server/db/seed/seed-large';

function sizesFromArgs(): LargeSizes {
  const sizes = { ...DEFAULT_LARGE_SIZES };
  const flags: Record<string, keyof LargeSizes> = {
    orgs: 'orgs',
    customers: 'customers',
    'work-orders': 'workOrders',
    invoices: 'invoices',
    'line-items': 'lineItems',
    payments: 'payments',
    appointments: 'appointments',
    estimates: 'estimates',
    'time-entries': 'timeEntries',
    messages: 'messages',
    vendors: 'vendors',
    inventory: 'inventory',
    'short-urls': 'shortUrls',
    'payment-links': 'paymentLinks',
  };
  const args = process.argv.slice(2);
  for (let i = 0; i < args.length; i++) {
    const key = flags[args[i].replace(/^--/, '')];
    const value = Number(args[i + 1]);
    if (!key || !Number.isInteger(value) || value < 1) {
      console.error(`Unknown or bad option: ${args[i]} ${args[i + 1] ?? ''}`);
      process.exit(2);
    }
    sizes[key] = value;
    i++;
  }
  return sizes;
}

const sizes = sizesFromArgs();
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir, poolSize: 2 });
const started = performance.now();
try {
  await runMigrations(database);
  const result = await seedLarge(database, sizes);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`${database.kind}: seeded in ${seconds} s`);
  for (const [table, count] of Object.entries(result.counts)) console.log(`  ${table.padEnd(22)} ${count.toLocaleString('en-US')}`);
  console.log(`Sign in as ${result.adminEmail} (organization "Big Plumbing Co"); codes are in the outbox (/dev/outbox).`);
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  process.exitCode = 1;
} finally {
  await database.close();
}

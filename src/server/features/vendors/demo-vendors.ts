// Demo data for Pay Bills: four suppliers a home-services business pays, and eight bills paid over the
// last two months. Dates are relative to today so the Recent Payments panel always looks current.
import { eq } from 'drizzle-orm';
import type { VendorPaymentMethod, VendorPaymentTerms } from '../../../contracts/vendors';
import type { DbOrTx } from '../../db/client';
import { vendorPayments, vendors } from '../../db/schema/index';
import { todayUtc } from './payment-date';

interface DemoVendor {
  name: string;
  companyName: string;
  email: string;
  phone: string;
  address: string;
  taxId: string;
  paymentTerms: VendorPaymentTerms;
  notes: string | null;
}

const DEMO_VENDORS: DemoVendor[] = [
  {
    name: 'Midwest Plumbing Supply',
    companyName: 'MPS Distribution LLC',
    email: 'orders@midwestplumbingsupply.com',
    phone: '(614) 555-0142',
    address: '2200 Harmon Ave, Columbus, OH 43223',
    taxId: '31-4827715',
    paymentTerms: 'net30',
    notes: 'Account #MPS-20418. Ask for Dana at the will-call counter (opens 6:30 AM).',
  },
  {
    name: 'Ortega Electrical Wholesale',
    companyName: 'Ortega Electric Inc.',
    email: 'ar@ortegaelectric.com',
    phone: '(614) 555-0187',
    address: '815 Frank Rd, Columbus, OH 43223',
    taxId: '27-9913042',
    paymentTerms: 'net15',
    notes: null,
  },
  {
    name: 'Buckeye Fleet Fuel',
    companyName: 'Buckeye Petroleum Co.',
    email: 'billing@buckeyefleetfuel.com',
    phone: '(800) 555-0123',
    address: 'PO Box 1180, Dublin, OH 43017',
    taxId: '34-1176650',
    paymentTerms: 'due_on_receipt',
    notes: 'Fuel cards for vans 1-4; statement closes on the 25th.',
  },
  {
    name: 'Holt Equipment Rental',
    companyName: 'Holt Rentals LLC',
    email: 'karen@holtrental.com',
    phone: '(614) 555-0166',
    address: '4470 Refugee Rd, Columbus, OH 43232',
    taxId: '31-6604928',
    paymentTerms: 'cash_on_delivery',
    notes: 'Karen Holt handles billing. Trencher and mini-excavator rentals.',
  },
];

interface DemoBill {
  vendor: number;
  amount: string;
  daysAgo: number;
  method: VendorPaymentMethod;
  reference: string;
  description: string;
}

const DEMO_BILLS: DemoBill[] = [
  { vendor: 0, amount: '1842.37', daysAgo: 2, method: 'ach', reference: 'INV-88214', description: 'Water heaters (2) and PEX fittings' },
  { vendor: 2, amount: '612.90', daysAgo: 5, method: 'credit_card', reference: 'STMT-0425', description: 'Monthly fuel statement, vans 1-4' },
  { vendor: 1, amount: '938.15', daysAgo: 9, method: 'check', reference: 'CHK-1047', description: 'Breaker panels and 12/2 Romex' },
  { vendor: 3, amount: '385.00', daysAgo: 14, method: 'cash', reference: 'RA-5531', description: 'Mini-excavator rental, 1 day' },
  { vendor: 0, amount: '427.60', daysAgo: 21, method: 'ach', reference: 'INV-87902', description: 'Copper pipe and solder restock' },
  { vendor: 1, amount: '1275.00', daysAgo: 30, method: 'check', reference: 'CHK-1039', description: 'EV charger install materials' },
  { vendor: 2, amount: '588.42', daysAgo: 36, method: 'credit_card', reference: 'STMT-0325', description: 'Monthly fuel statement, vans 1-4' },
  { vendor: 3, amount: '240.00', daysAgo: 48, method: 'cash', reference: 'RA-5408', description: 'Trencher rental, half day' },
];

const DAY_MS = 24 * 60 * 60 * 1000;

/** Inserts the demo vendors and their payments, unless the organization already has vendors. */
export async function seedDemoVendors(db: DbOrTx, organizationId: number): Promise<void> {
  const [existing] = await db.select({ id: vendors.id }).from(vendors).where(eq(vendors.organizationId, organizationId)).limit(1);
  if (existing) return;
  const rows = await db
    .insert(vendors)
    .values(DEMO_VENDORS.map((v) => ({ organizationId, ...v })))
    .returning({ id: vendors.id, name: vendors.name });
  const today = todayUtc().getTime();
  await db.insert(vendorPayments).values(
    DEMO_BILLS.map((b) => ({
      organizationId,
      vendorId: rows[b.vendor].id,
      vendorName: rows[b.vendor].name,
      amount: b.amount,
      paymentDate: new Date(today - b.daysAgo * DAY_MS),
      method: b.method,
      reference: b.reference,
      description: b.description,
      notes: null,
    })),
  );
}

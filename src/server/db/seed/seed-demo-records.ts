// Business records for the two demo organizations: customers, work orders, estimates, invoices,
// payments, inventory and the document number counters, spread over the twelve months before `now`.
// Deterministic: a seeded PRNG (never Math.random) and dates relative to `now`, so every fresh start
// looks the same on its own date. Every amount is computed in cents (contracts/money.ts).
import { and, eq, sql } from 'drizzle-orm';
import type { PaymentTerms, PreferredPaymentMethod } from '../../../contracts/customers';
import type { EstimateStatus } from '../../../contracts/estimates';
import type { InvoiceStatus } from '../../../contracts/invoices';
import { fromCents, lineAmountCents, toCents, type Cents } from '../../../contracts/money';
import type { WorkOrderStatus } from '../../../contracts/work-orders';
import { dashboardPeriod } from '../../features/dashboard/dashboard-period';
import { formatDocumentNumber } from '../../features/numbering/next-number';
import type { DbOrTx } from '../client';
import {
  customers,
  estimateLineItems,
  estimates,
  inventoryItems,
  invoiceLineItems,
  invoices,
  numberCounters,
  payments,
  workOrderLineItems,
  workOrders,
} from '../schema/index';

export interface DemoRecordsOptions {
  demoOrgId: number;
  dentalOrgId: number;
  now: Date;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** The demo customer user's own record (seed-demo.ts). */
const PORTAL_CUSTOMER_EMAIL = 'customer@example.com';

/** Every estimate status but converted, which only converting makes (with its work order or invoice). */
const SEEDED_ESTIMATE_STATUSES = ['draft', 'sent', 'viewed', 'approved', 'changes_requested', 'declined', 'expired'] as const satisfies readonly EstimateStatus[];
type SeededEstimateStatus = (typeof SEEDED_ESTIMATE_STATUSES)[number];

// ---------------------------------------------------------------------------------------------------
// Seeded PRNG (mulberry32)

export function createRng(seed: number) {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    between: (min: number, max: number) => min + next() * (max - min),
    chance: (p: number) => next() < p,
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)],
    shuffle: <T>(xs: readonly T[]): T[] => {
      const a = [...xs];
      for (let i = a.length - 1; i > 0; i--) {
        const j = int(0, i);
        [a[i], a[j]] = [a[j], a[i]];
      }
      return a;
    },
  };
}
type Rng = ReturnType<typeof createRng>;

// ---------------------------------------------------------------------------------------------------
// Catalogs

/** A fixed quantity, a fixed decimal quantity ('1.5') or an integer range. */
type Qty = number | string | readonly [number, number];
type LineTpl = readonly [description: string, quantity: Qty, rate: string];
interface JobTpl {
  title: string;
  note?: string;
  lines: readonly LineTpl[];
  /** Labor hours range (half-hour steps), billed at the profile's labor rate. */
  hours?: readonly [number, number];
  /** Material cost range in dollars. */
  material?: readonly [number, number];
}
/** name, company, credit limit, notes */
type PersonTpl = readonly [name: string, company?: string | null, creditLimit?: string | null, notes?: string | null];
type Place = readonly [city: string, state: string, zip: string];
type InventoryTpl = readonly [name: string, sku: string, category: string, quantity: number, minimum: number, cost: string, price: string, supplier: string, location: string];

const HOME_JOBS: readonly JobTpl[] = [
  { title: 'Water heater maintenance', note: 'Rotten-egg smell from hot water; tank is 8 years old.', hours: [1, 2], material: [20, 60],
    lines: [['Replace water heater anode rod', 1, '145.00'], ['Flush and descale water heater tank', 1, '120.00'], ['Replace temperature & pressure relief valve', 1, '89.00'], ['Service call & diagnostic', 1, '79.00']] },
  { title: 'Kitchen sink drain clog', note: 'Double sink backs up into both bowls.', hours: [1, 2.5],
    lines: [['Clear kitchen drain line with power auger', 1, '165.00'], ['Replace P-trap and tailpiece', 1, '68.00'], ['Camera inspection of drain line', 1, '195.00']] },
  { title: 'Leaking toilet repair', note: 'Toilet runs constantly and rocks on the floor.', hours: [1, 2], material: [15, 45],
    lines: [['Rebuild toilet tank (fill valve & flapper)', [1, 2], '95.00'], ['Reset toilet with new wax ring', 1, '135.00'], ['Replace supply line and shutoff valve', 1, '72.50']] },
  { title: 'Sump pump replacement', note: 'Pump cycles but does not empty the pit.', hours: [2, 3], material: [40, 120],
    lines: [['Install 1/3 HP submersible sump pump', 1, '385.00'], ['Install check valve on discharge line', 1, '64.00'], ['Haul away old pump', 1, '25.00']] },
  { title: 'Garbage disposal installation', hours: [1, 2],
    lines: [['Install 3/4 HP garbage disposal', 1, '289.00'], ['Replace dishwasher drain connection', 1, '45.00']] },
  { title: 'Outdoor hose bib replacement', note: 'Split hose bib after the freeze.', hours: [1, 2], material: [10, 35],
    lines: [['Replace frost-free hose bib', [1, 2], '148.00'], ['Install vacuum breaker', [1, 2], '18.50']] },
  { title: 'Seasonal AC tune-up', hours: [1, 1.5], material: [0, 25],
    lines: [['AC tune-up and refrigerant check', 1, '129.00'], ['Replace 16x25x1 pleated filter', [1, 3], '14.75'], ['Clean condenser coil', 1, '85.00'], ['Replace run capacitor (45/5 MFD)', 1, '165.00']] },
  { title: 'Furnace not heating', note: 'Furnace starts, then shuts off after a few seconds.', hours: [1, 3], material: [0, 40],
    lines: [['Furnace diagnostic', 1, '89.00'], ['Replace hot surface igniter', 1, '215.00'], ['Clean flame sensor', 1, '55.00'], ['Replace inducer motor', 1, '465.00']] },
  { title: 'Smart thermostat upgrade', hours: [1, 2],
    lines: [['Install smart thermostat', 1, '195.00'], ['Run new thermostat wire (C-wire)', 1, '110.00']] },
  { title: 'Ductwork repair', note: 'Upstairs bedrooms stay warm in summer.', hours: [2, 4], material: [25, 90],
    lines: [['Seal supply duct joints with mastic', [3, 8], '22.00'], ['Replace crushed flex duct run', [1, 2], '140.00'], ['Balance airflow at registers', 1, '75.00']] },
  { title: 'GFCI outlets for kitchen and baths', hours: [1.5, 3], material: [10, 40],
    lines: [['Install GFCI receptacle', [2, 5], '78.00'], ['Replace worn duplex receptacle', [2, 6], '42.00'], ['Troubleshoot tripping circuit', 1, '95.00']] },
  { title: 'Ceiling fan installation', hours: [1.5, 4], material: [15, 50],
    lines: [['Install ceiling fan (customer supplied)', [1, 3], '145.00'], ['Install fan-rated ceiling box', [1, 3], '48.00'], ['Add wall fan/light control', [1, 2], '65.00']] },
  { title: 'Exterior lighting', hours: [2, 3.5], material: [20, 80],
    lines: [['Install motion-sensor flood light', [1, 2], '125.00'], ['Replace exterior wall sconce', [2, 4], '85.00'], ['Install outdoor photocell', 1, '55.00']] },
  { title: 'Breaker panel service', note: 'Breaker for the garage trips under load.', hours: [1, 2.5],
    lines: [['Replace 20A single-pole breaker', [1, 3], '68.00'], ['Tighten and torque panel connections', 1, '95.00'], ['Label panel directory', 1, '35.00']] },
  { title: 'EV charger circuit', hours: [3, 5], material: [90, 220],
    lines: [['Run 50A 240V circuit for EV charger', 1, '685.00'], ['Install NEMA 14-50 receptacle', 1, '95.00'], ['Permit and inspection fee', 1, '75.00']] },
  { title: 'Drywall repair', note: 'Doorknob hole in hallway and water stain in ceiling.', hours: [1.5, 4], material: [10, 35],
    lines: [['Patch drywall hole (up to 12 in.)', [1, 4], '85.00'], ['Texture match and prime', 1, '65.00'], ['Paint patched wall section', [1, 2], '95.00']] },
  { title: 'Door adjustment and hardware', hours: [1, 3],
    lines: [['Rehang and adjust interior door', [1, 3], '75.00'], ['Install new lever passage set', [1, 4], '38.00'], ['Replace front door deadbolt', 1, '89.00']] },
  { title: 'Gutter cleaning', hours: [2, 4],
    lines: [['Clean gutters and flush downspouts', 1, '185.00'], ['Reattach sagging gutter hanger', [2, 6], '14.00'], ['Install gutter guard (per 10 ft)', [3, 8], '42.00']] },
  { title: 'Deck and railing repair', note: 'Soft boards near the stairs; loose railing post.', hours: [3, 6], material: [40, 160],
    lines: [['Replace damaged deck boards', [3, 10], '28.50'], ['Re-secure railing posts', [2, 4], '45.00'], ['Pressure wash deck', 1, '165.00']] },
  { title: 'Caulking and weatherproofing', hours: [1.5, 3], material: [10, 30],
    lines: [['Recaulk bathtub surround', 1, '145.00'], ['Replace exterior door weatherstripping', [1, 2], '65.00'], ['Seal window exterior trim', [2, 6], '32.00']] },
];

const HOME_QUOTES: readonly JobTpl[] = [
  { title: 'Water heater replacement, 50 gal gas', note: 'Existing tank is leaking at the base.',
    lines: [['50-gallon gas water heater, installed', 1, '1385.00'], ['New thermal expansion tank', 1, '145.00'], ['Venting and gas connector upgrade', 1, '210.00'], ['Remove and dispose of old water heater', 1, '95.00']] },
  { title: 'Tankless water heater upgrade',
    lines: [['Condensing tankless water heater, 199k BTU', 1, '2450.00'], ['Installation and venting kit', 1, '1150.00'], ['Upsize gas line to 3/4 in.', 1, '425.00'], ['Permit fee', 1, '65.00']] },
  { title: 'Central air conditioner replacement', note: '3-ton system, 1998 condenser.',
    lines: [['3-ton 16 SEER2 condenser', 1, '3850.00'], ['Matching evaporator coil', 1, '1250.00'], ['Line set, pad and disconnect', 1, '575.00'], ['Installation labor (hours)', [12, 16], '95.00']] },
  { title: 'High-efficiency furnace replacement',
    lines: [['96% AFUE 80k BTU furnace', 1, '2950.00'], ['Installation labor (hours)', [8, 10], '95.00'], ['Flue and condensate drain kit', 1, '265.00']] },
  { title: 'Electrical panel upgrade, 100A to 200A',
    lines: [['200A main breaker panel', 1, '1150.00'], ['Service entrance cable and meter base', 1, '640.00'], ['Installation labor (hours)', [10, 14], '105.00'], ['Utility coordination and permit', 1, '225.00']] },
  { title: 'Whole-house PEX repipe', note: 'Galvanized supply lines, low pressure upstairs.',
    lines: [['PEX repipe, two-bath home', 1, '4200.00'], ['Drywall access patching', [6, 12], '85.00'], ['New main shutoff valve', 1, '185.00']] },
  { title: 'Bathroom fan and lighting upgrade',
    lines: [['Install humidity-sensing exhaust fan', [1, 2], '325.00'], ['Recessed LED light', [4, 8], '115.00'], ['Dimmer switch', [1, 3], '65.00']] },
  { title: 'Basement sump system with battery backup',
    lines: [['Primary sump pump with sealed basin', 1, '685.00'], ['Battery backup pump', 1, '745.00'], ['Interior drain tile (per ft)', [20, 40], '38.00']] },
  { title: 'Ductless mini-split for sunroom',
    lines: [['12k BTU ductless mini-split system', 1, '2150.00'], ['Installation labor (hours)', [6, 8], '95.00'], ['Dedicated 240V circuit', 1, '385.00']] },
  { title: 'Kitchen lighting remodel',
    lines: [['Under-cabinet LED lighting (per ft)', [10, 18], '42.00'], ['Install pendant light', [2, 3], '95.00'], ['Recessed LED light', [4, 6], '115.00']] },
  { title: 'Whole-home surge protection',
    lines: [['Panel-mounted surge protector', 1, '395.00'], ['Installation labor (hours)', '1.5', '105.00']] },
  { title: 'Attic insulation and air sealing',
    lines: [['Blown-in cellulose to R-49 (per bag)', [30, 55], '18.50'], ['Air-seal top plates and penetrations', 1, '650.00'], ['Install soffit baffles', [10, 20], '9.50']] },
];

const DENTAL_JOBS: readonly JobTpl[] = [
  { title: 'Periodic exam and cleaning', hours: [1, 1],
    lines: [['Periodic oral evaluation (D0120)', 1, '65.00'], ['Adult prophylaxis (D1110)', 1, '115.00'], ['Bitewing X-rays, four films (D0274)', 1, '78.00'], ['Fluoride varnish (D1206)', 1, '42.00']] },
  { title: 'New patient exam', hours: [1, 1.5],
    lines: [['Comprehensive oral evaluation (D0150)', 1, '95.00'], ['Full-mouth X-rays (D0210)', 1, '145.00'], ['Adult prophylaxis (D1110)', 1, '115.00']] },
  { title: 'Composite filling', note: 'Tooth #30, distal-occlusal.', hours: [0.5, 1.5],
    lines: [['Resin composite, two surfaces, posterior (D2392)', [1, 2], '235.00'], ['Resin composite, one surface, anterior (D2330)', 1, '165.00'], ['Periapical X-ray (D0220)', 1, '32.00']] },
  { title: 'Root canal therapy, molar', note: 'Tooth #19, irreversible pulpitis.', hours: [1.5, 2.5], material: [20, 45],
    lines: [['Endodontic therapy, molar (D3330)', 1, '1150.00'], ['Periapical X-ray (D0220)', [1, 2], '32.00'], ['Limited evaluation, problem focused (D0140)', 1, '75.00']] },
  { title: 'Porcelain crown', note: 'Lab: Madison Dental Ceramics.', hours: [1, 1.5], material: [180, 320],
    lines: [['Porcelain/ceramic crown (D2740)', 1, '1285.00'], ['Core buildup (D2950)', 1, '265.00']] },
  { title: 'Scaling and root planing', hours: [1, 2],
    lines: [['Scaling and root planing, per quadrant (D4341)', [2, 4], '245.00'], ['Chlorhexidine rinse', 1, '18.00']] },
  { title: 'Emergency visit, toothache', hours: [0.5, 1],
    lines: [['Limited evaluation, problem focused (D0140)', 1, '75.00'], ['Periapical X-ray (D0220)', 1, '32.00'], ['Palliative treatment of pain (D9110)', 1, '110.00']] },
  { title: 'Tooth extraction', hours: [0.5, 1.5],
    lines: [['Extraction, erupted tooth (D7140)', [1, 2], '195.00'], ['Surgical extraction (D7210)', 1, '325.00']] },
  { title: 'Teeth whitening', hours: [1, 1.5], material: [25, 60],
    lines: [['In-office whitening (D9972)', 1, '450.00'], ['Take-home whitening trays (D9975)', 1, '225.00']] },
  { title: 'Night guard', hours: [0.5, 1], material: [60, 110],
    lines: [['Occlusal guard, hard appliance (D9944)', 1, '525.00']] },
  { title: 'Child cleaning and sealants', hours: [0.5, 1],
    lines: [['Child prophylaxis (D1120)', 1, '85.00'], ['Sealant, per tooth (D1351)', [2, 4], '55.00'], ['Fluoride varnish (D1206)', 1, '42.00']] },
];

const DENTAL_PLANS: readonly JobTpl[] = [
  { title: 'Implant restoration, lower left molar',
    lines: [['Surgical implant placement (D6010)', 1, '2150.00'], ['Implant abutment (D6057)', 1, '650.00'], ['Implant crown (D6065)', 1, '1450.00'], ['Cone-beam CT scan (D0367)', 1, '285.00']] },
  { title: 'Clear aligner treatment',
    lines: [['Comprehensive clear aligner treatment (D8090)', 1, '4800.00'], ['Retainers (D8680)', 1, '350.00']] },
  { title: 'Full-mouth periodontal therapy',
    lines: [['Scaling and root planing, per quadrant (D4341)', 4, '245.00'], ['Periodontal maintenance (D4910)', [2, 4], '145.00']] },
  { title: 'Three-unit bridge, upper left',
    lines: [['Pontic, porcelain/ceramic (D6245)', 1, '1185.00'], ['Retainer crown, porcelain/ceramic (D6740)', 2, '1185.00']] },
  { title: 'Root canal and crown, upper right premolar',
    lines: [['Endodontic therapy, premolar (D3320)', 1, '950.00'], ['Core buildup (D2950)', 1, '265.00'], ['Porcelain/ceramic crown (D2740)', 1, '1285.00']] },
  { title: 'Porcelain veneers, upper front teeth',
    lines: [['Porcelain laminate veneer (D2962)', [4, 6], '1150.00'], ['Diagnostic wax-up (D9950)', 1, '225.00']] },
  { title: 'Lower partial denture',
    lines: [['Mandibular partial denture, resin base (D5212)', 1, '1650.00'], ['Partial denture adjustment (D5422)', 2, '65.00']] },
];

const HOME_PEOPLE: readonly PersonTpl[] = [
  ['José Müller'],
  ["Zoë O'Brien", null, null, 'Prefers text messages over calls.'],
  ['Łukasz Nowak'],
  ['Priya Raman'],
  ['Marcus Johnson', 'Prairie State Property Management', '15000.00', 'Manages 40+ rental units; send invoices to accounts payable.'],
  ['Emily Carter'],
  ['Hiroshi Tanaka'],
  ['Aaliyah Washington', null, null, 'Dog in backyard; call before arrival.'],
  ['Daniel Kowalski', 'Capitol City Realty', '7500.00'],
  ['Sofia Hernández'],
  ["Liam O'Connor"],
  ['Grace Kim', 'Route 66 Diner', '5000.00', 'Service before 10am or after 3pm only.'],
  ['Ahmed Hassan'],
  ['Olivia Bennett'],
  ['Linh Nguyen'],
  ['Benjamin Schwartz', 'Lincoln Park Apartments LLC', '20000.00'],
  ['Chloé Dubois'],
  ['Rafael Oliveira'],
  ['Hannah Lindqvist', null, null, 'Gate code 4412.'],
  ['Tyrone Mitchell'],
  ['Mei-Ling Chen', 'Oak Ridge Bed & Breakfast', '3000.00'],
  ['Kwame Mensah'],
  ['Isabella Rossi'],
  ['Noah Patel', 'Hometown Hardware Co.'],
  ['Fatima Al-Sayed'],
  ['Gabriel Morales'],
  ['Ingrid Sørensen'],
  ['Samuel Brooks', 'Sangamon Valley Storage', '2500.00'],
  ['Ananya Iyer'],
  ['Patrick Doyle', null, null, 'Tenant-occupied; coordinate access with the owner.'],
  ['Renée Lafleur'],
  ['Diego Ramírez'],
  ['Abigail Foster'],
  ['Omar Farouk', 'Midwest Rentals Group', '10000.00'],
  ['Katarzyna Wiśniewska'],
  ['Elijah Turner'],
  ['Yuki Sato'],
  ['Brianna Reyes'],
  ['Thomas Becker', 'Becker Family Dentistry'],
  ['Nadia Petrova'],
  ['Jamal Robinson'],
  ['Ellen Whitaker', null, null, 'Senior discount applied on labor.'],
];

const DENTAL_PEOPLE: readonly PersonTpl[] = [
  ['Margaret Olson'],
  ['Ethan Larson', null, null, 'Delta Dental PPO.'],
  ['Aisha Rahman'],
  ['Carlos Gutiérrez', null, null, 'Prefers Spanish-speaking hygienist.'],
  ['Siobhán Kelly'],
  ['Jakob Schmidt'],
  ['Mia Thompson', null, null, 'Anxious patient; nitrous oxide on request.'],
  ['Dev Malhotra'],
  ['Amélie Girard'],
  ['Henry Nakamura'],
  ['Rosa Delgado'],
  ['Björn Andersson', 'Andersson Landscaping', '2000.00'],
];

// Real city / state / ZIP combinations around each organization.
const ILLINOIS_PLACES: readonly Place[] = [
  ['Springfield', 'IL', '62701'], ['Springfield', 'IL', '62702'], ['Springfield', 'IL', '62703'], ['Springfield', 'IL', '62704'],
  ['Springfield', 'IL', '62711'], ['Springfield', 'IL', '62712'], ['Chatham', 'IL', '62629'], ['Rochester', 'IL', '62563'],
  ['Sherman', 'IL', '62684'], ['Auburn', 'IL', '62615'], ['Petersburg', 'IL', '62675'], ['Jacksonville', 'IL', '62650'],
  ['Lincoln', 'IL', '62656'], ['Taylorville', 'IL', '62568'], ['Decatur', 'IL', '62521'], ['Decatur', 'IL', '62526'],
  ['Riverton', 'IL', '62561'], ['New Berlin', 'IL', '62670'], ['Williamsville', 'IL', '62693'], ['Pawnee', 'IL', '62558'],
];
const WISCONSIN_PLACES: readonly Place[] = [
  ['Madison', 'WI', '53703'], ['Madison', 'WI', '53704'], ['Madison', 'WI', '53705'], ['Madison', 'WI', '53711'],
  ['Madison', 'WI', '53714'], ['Madison', 'WI', '53717'], ['Middleton', 'WI', '53562'], ['Sun Prairie', 'WI', '53590'],
  ['Verona', 'WI', '53593'], ['Monona', 'WI', '53716'], ['Waunakee', 'WI', '53597'], ['McFarland', 'WI', '53558'],
  ['Stoughton', 'WI', '53589'], ['DeForest', 'WI', '53532'],
];
const STREETS: readonly string[] = [
  'Oak St', 'Maple Ave', 'Cedar Ln', 'Elm St', 'Walnut St', 'Washington St', 'Lincoln Ave', 'Park Ave', 'Meadowbrook Dr',
  'Lakeview Dr', 'Prairie Rd', 'Sunset Ct', 'Church St', 'Mill St', 'Hickory Ln', 'Willow Way', 'Jefferson St',
  'Chestnut St', 'Birch Dr', 'Cherry Hill Rd', 'Monroe St', 'Spring St', 'Orchard Ln', 'Highland Ave',
];

const HOME_INVENTORY: readonly InventoryTpl[] = [
  ['Magnesium anode rod, 44 in.', 'PLB-ANO-44', 'Plumbing', 6, 4, '24.50', '49.00', 'Ferguson', 'Van 1'],
  ['Wax ring with flange', 'PLB-WAX-01', 'Plumbing', 3, 10, '3.85', '9.50', 'Ferguson', 'Shop shelf A2'],
  ['Braided toilet supply line, 12 in.', 'PLB-SUP-12', 'Plumbing', 18, 10, '5.20', '12.00', 'Ferguson', 'Shop shelf A2'],
  ['Submersible sump pump, 1/3 HP', 'PLB-SMP-033', 'Plumbing', 0, 2, '142.00', '249.00', 'Ferguson', 'Warehouse bay 3'],
  ['Pleated air filter 16x25x1, MERV 8', 'HVAC-FLT-16251', 'HVAC', 48, 24, '6.10', '14.75', 'Johnstone Supply', 'Shop shelf B1'],
  ['Run capacitor 45/5 MFD', 'HVAC-CAP-455', 'HVAC', 2, 4, '18.40', '65.00', 'Johnstone Supply', 'Van 2'],
  ['Hot surface igniter, universal', 'HVAC-IGN-UNI', 'HVAC', 0, 3, '27.90', '89.00', 'Johnstone Supply', 'Van 2'],
  ['Smart Wi-Fi thermostat', 'HVAC-TST-WIFI', 'HVAC', 5, 2, '119.00', '199.00', 'Johnstone Supply', 'Warehouse bay 1'],
  ['GFCI receptacle 20A, white', 'ELE-GFCI-20W', 'Electrical', 7, 12, '14.60', '32.00', 'Graybar', 'Shop shelf C3'],
  ['Single-pole breaker 20A', 'ELE-BRK-20SP', 'Electrical', 15, 6, '8.75', '24.00', 'Graybar', 'Shop shelf C1'],
  ['NM-B cable 12/2, 250 ft', 'ELE-NMB-122', 'Electrical', 4, 3, '118.00', '165.00', 'Graybar', 'Warehouse bay 2'],
  ['Drywall patch kit, 6x6 in.', 'HDY-DRY-66', 'Handyman', 9, 5, '4.25', '11.00', 'Menards Pro', 'Shop shelf D1'],
  ['Exterior siliconized caulk, white 10 oz', 'HDY-CLK-10W', 'Handyman', 5, 6, '4.10', '9.00', 'Menards Pro', 'Van 3'],
];
const DENTAL_INVENTORY: readonly InventoryTpl[] = [
  ['Nitrile exam gloves, medium (box of 200)', 'DEN-GLV-M', 'Disposables', 14, 10, '11.80', '0.00', 'Henry Schein', 'Supply room'],
  ['Prophy paste, mint (200 cups)', 'DEN-PRO-MNT', 'Hygiene', 2, 3, '34.50', '0.00', 'Patterson Dental', 'Hygiene room 1'],
  ['Composite resin A2, 4 g syringe', 'DEN-CMP-A2', 'Restorative', 6, 4, '42.00', '0.00', 'Henry Schein', 'Operatory 2'],
  ['Fluoride varnish 5% (50 pack)', 'DEN-FLV-50', 'Hygiene', 0, 2, '58.00', '0.00', 'Patterson Dental', 'Supply room'],
  ['Take-home whitening kit', 'DEN-WHT-KIT', 'Retail', 8, 3, '38.00', '89.00', 'Patterson Dental', 'Front desk'],
];

// ---------------------------------------------------------------------------------------------------
// Organization profiles

interface Profile {
  organizationId: number;
  seed: number;
  areaCode: string;
  firstPhone: number;
  emailDomains: readonly string[];
  people: readonly PersonTpl[];
  places: readonly Place[];
  terms: readonly PaymentTerms[];
  methods: readonly (PreferredPaymentMethod | null)[];
  /** Customers created in the first weeks of the year, so early documents have someone to belong to. */
  earlyCustomers: number;
  jobs: readonly JobTpl[];
  quotes: readonly JobTpl[];
  laborRate: string;
  taxPercent: number;
  taxShare: number;
  workOrders: Record<WorkOrderStatus, number>;
  /** Completed work orders that were still open a month ago (the dashboard compares active jobs with then). */
  recentlyFinished: number;
  estimates: Record<SeededEstimateStatus, number>;
  invoices: Record<InvoiceStatus, number>;
  /** Share of invoices billed from a completed work order. */
  linkedShare: number;
  /** Paid invoices whose payment falls in this month so far and in the same stretch of last month. */
  revenue: { thisMonth: number; lastMonth: number };
  estimateNote: string;
  invoiceNote: string;
  inventory: readonly InventoryTpl[];
}

function homeProfile(organizationId: number): Profile {
  return {
    organizationId,
    seed: 20240117,
    areaCode: '217',
    firstPhone: 101,
    emailDomains: ['example.com', 'example.net', 'example.org'],
    people: HOME_PEOPLE,
    places: ILLINOIS_PLACES,
    terms: ['net30', 'due_on_receipt', 'net15', 'net45', 'net30', 'net60'],
    methods: ['card', 'check', 'bank_transfer', 'card', 'cash', null, 'check'],
    earlyCustomers: 12,
    jobs: HOME_JOBS,
    quotes: HOME_QUOTES,
    laborRate: '95.00',
    taxPercent: 7,
    taxShare: 0.5,
    workOrders: { scheduled: 9, in_progress: 6, completed: 37, cancelled: 8 },
    recentlyFinished: 9,
    estimates: { draft: 5, sent: 4, viewed: 3, approved: 9, changes_requested: 1, declined: 5, expired: 4 },
    invoices: { draft: 8, sent: 14, paid: 50, overdue: 8 },
    linkedShare: 0.4,
    revenue: { thisMonth: 4, lastMonth: 3 },
    estimateNote: 'Quote valid for 30 days. 50% deposit due when the work is scheduled.',
    invoiceNote: 'Thank you for your business! Please include the invoice number with your payment.',
    inventory: HOME_INVENTORY,
  };
}

function dentalProfile(organizationId: number): Profile {
  return {
    organizationId,
    seed: 53703,
    areaCode: '608',
    firstPhone: 160,
    emailDomains: ['example.com', 'example.net'],
    people: DENTAL_PEOPLE,
    places: WISCONSIN_PLACES,
    terms: ['due_on_receipt', 'net30', 'net15', 'due_on_receipt', 'net45', 'net60'],
    methods: ['card', 'card', 'check', 'bank_transfer', 'cash'],
    earlyCustomers: 6,
    jobs: DENTAL_JOBS,
    quotes: DENTAL_PLANS,
    laborRate: '0.00',
    taxPercent: 0,
    taxShare: 0,
    workOrders: { scheduled: 3, in_progress: 2, completed: 9, cancelled: 1 },
    recentlyFinished: 2,
    estimates: { draft: 1, sent: 1, viewed: 1, approved: 3, changes_requested: 1, declined: 1, expired: 1 },
    invoices: { draft: 1, sent: 4, paid: 13, overdue: 2 },
    linkedShare: 0.45,
    revenue: { thisMonth: 2, lastMonth: 2 },
    estimateNote: 'Estimate before insurance; your portion depends on your plan’s coverage.',
    invoiceNote: 'Thank you for choosing Bright Smiles Dental.',
    inventory: DENTAL_INVENTORY,
  };
}

// ---------------------------------------------------------------------------------------------------
// The plan: plain rows, with references between them as objects (ids are known only after inserting)

interface PricedLine {
  description: string;
  quantity: string;
  rate: string;
  amount: string;
  sortOrder: number;
}

export interface CustomerPlan {
  /** Set for a customer that exists already (the portal customer); it is not inserted again. */
  id?: number;
  name: string;
  email: string | null;
  phone: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  companyName: string | null;
  notes: string | null;
  creditLimit: string | null;
  paymentTerms: PaymentTerms;
  preferredPaymentMethod: PreferredPaymentMethod | null;
  createdAt: Date;
  /** Documents are made for it only explicitly (the portal customer's fixed set). */
  reserved: boolean;
}

export interface WorkOrderPlan {
  customer: CustomerPlan;
  orderNumber: string;
  title: string;
  description: string | null;
  status: WorkOrderStatus;
  startDate: Date;
  dueDate: Date;
  completedDate: Date | null;
  estimatedHours: string | null;
  actualHours: string | null;
  laborCost: string;
  materialCost: string;
  totalCost: string;
  lines: PricedLine[];
  createdAt: Date;
  updatedAt: Date;
}

export interface EstimatePlan {
  customer: CustomerPlan;
  estimateNumber: string;
  title: string;
  description: string | null;
  status: EstimateStatus;
  subtotal: string;
  tax: string;
  total: string;
  validUntil: Date;
  notes: string | null;
  lines: PricedLine[];
  createdAt: Date;
  updatedAt: Date;
}

export interface PaymentPlan {
  amount: string;
  method: string;
  reference: string | null;
  notes: string | null;
  receivedDate: Date;
}

export interface InvoicePlan {
  customer: CustomerPlan;
  invoiceNumber: string;
  workOrder: WorkOrderPlan | null;
  status: InvoiceStatus;
  subtotal: string;
  tax: string;
  total: string;
  dueDate: Date;
  paidDate: Date | null;
  notes: string | null;
  lines: PricedLine[];
  payments: PaymentPlan[];
  createdAt: Date;
  updatedAt: Date;
}

export interface OrganizationPlan {
  organizationId: number;
  customers: CustomerPlan[];
  workOrders: WorkOrderPlan[];
  estimates: EstimatePlan[];
  invoices: InvoicePlan[];
  inventory: (typeof inventoryItems.$inferInsert)[];
}

const TERMS_DAYS: Record<PaymentTerms, number> = { due_on_receipt: 0, net15: 15, net30: 30, net45: 45, net60: 60 };
const PAYMENT_METHODS = ['cash', 'check', 'credit_card', 'bank_transfer', 'ach'] as const;
const CARD_BRANDS = ['Visa', 'Mastercard', 'Amex', 'Discover'] as const;

const dayStart = (ms: number) => ms - (((ms % DAY) + DAY) % DAY);

/** Plain-ASCII e-mail part of a name: "Zoë O'Brien" -> "zoe.obrien". */
function emailLocal(name: string): string {
  const ascii = name
    .replace(/[łŁ]/g, 'l')
    .replace(/[øØ]/g, 'o')
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  const parts = ascii.split(/\s+/).map((p) => p.replace(/[^a-z]/g, ''));
  return `${parts[0]}.${parts[parts.length - 1]}`;
}

class OrganizationPlanner {
  readonly r: Rng;
  readonly now: number;
  readonly period: ReturnType<typeof dashboardPeriod>;
  readonly plan: OrganizationPlan;

  constructor(
    readonly p: Profile,
    now: Date,
  ) {
    this.r = createRng(p.seed);
    this.now = now.getTime();
    this.period = dashboardPeriod(now);
    this.plan = { organizationId: p.organizationId, customers: [], workOrders: [], estimates: [], invoices: [], inventory: [] };
  }

  // -- time ---------------------------------------------------------------------------------------

  /** During business hours (08:00-17:59 UTC) about `daysAgo` days before now, never in the future. */
  businessTime(daysAgo: number): number {
    const day = dayStart(this.now - daysAgo * DAY);
    const t = day + 8 * HOUR + this.r.int(0, 39) * 15 * MINUTE + this.r.int(0, 14) * MINUTE;
    return t <= this.now - 5 * MINUTE ? t : this.now - this.r.int(5, 90) * MINUTE;
  }

  ago(minDays: number, maxDays: number): number {
    return this.businessTime(this.r.between(minDays, maxDays));
  }

  /** Somewhere inside [from, to], during business hours of that day when they fall inside too. */
  within(from: number, to: number): number {
    const t = Math.round(from + this.r.between(0.15, 0.85) * (to - from));
    const aligned = dayStart(t) + 8 * HOUR + this.r.int(0, 39) * 15 * MINUTE + this.r.int(0, 14) * MINUTE;
    return aligned >= from && aligned <= to ? aligned : t;
  }

  /** A quarter-hour start between 08:00 and 14:00 UTC on the day of `ms`. */
  workSlot(ms: number): number {
    return dayStart(ms) + 8 * HOUR + this.r.int(0, 24) * 15 * MINUTE;
  }

  // -- pricing ------------------------------------------------------------------------------------

  price(tpl: JobTpl, maxLines = 4): { lines: PricedLine[]; cents: Cents } {
    const [first, ...rest] = tpl.lines;
    const count = this.r.int(1, Math.min(maxLines, tpl.lines.length));
    const chosen = new Set([first, ...this.r.shuffle(rest).slice(0, count - 1)]);
    let cents = 0;
    const lines = tpl.lines
      .filter((l) => chosen.has(l))
      .map(([description, qty, rate], sortOrder) => {
        const q = typeof qty === 'number' || typeof qty === 'string' ? qty : this.r.int(qty[0], qty[1]);
        const quantity = fromCents(toCents(q));
        const amount = lineAmountCents(quantity, rate);
        cents += amount;
        return { description, quantity, rate, amount: fromCents(amount), sortOrder };
      });
    return { lines, cents };
  }

  // -- customers ----------------------------------------------------------------------------------

  planCustomers(): void {
    const { p, r, period } = this;
    const n = p.people.length;
    p.people.forEach(([name, company, creditLimit, notes], i) => {
      let created: number;
      if (i < p.earlyCustomers) created = this.ago(352, 363);
      else if (i >= n - 2) created = this.within(period.monthStart.getTime(), this.now);
      else if (i >= n - 4) created = this.within(period.prevMonthStart.getTime(), period.comparedTo.getTime());
      else created = this.ago(40, 340);
      const [city, state, zip] = r.pick(p.places);
      const companyName = company ?? null;
      const email =
        i % 11 === 6
          ? null
          : companyName && r.chance(0.5)
            ? `office@${companyName.toLowerCase().replace(/[^a-z]+/g, '')}.example`
            : `${emailLocal(name)}@${r.pick(p.emailDomains)}`;
      this.plan.customers.push({
        name,
        email,
        phone: `${p.areaCode}555${String(p.firstPhone + i).padStart(4, '0')}`,
        address: `${r.int(11, 98) * 100 + r.int(0, 99)} ${r.pick(STREETS)}`,
        city,
        state,
        zip,
        companyName,
        notes: notes ?? null,
        creditLimit: creditLimit ?? null,
        paymentTerms: companyName && i % 2 === 0 ? 'net30' : p.terms[i % p.terms.length],
        preferredPaymentMethod: p.methods[(i * 3) % p.methods.length],
        createdAt: new Date(created),
        reserved: false,
      });
    });
  }

  /** A customer known for at least `minAgeDays` at `at` (companies weigh triple), matching `fits`. */
  pickCustomer(at: number, minAgeDays: number, fits: (c: CustomerPlan) => boolean = () => true): CustomerPlan {
    const open = this.plan.customers.filter((c) => !c.reserved && fits(c));
    const known = open.filter((c) => c.createdAt.getTime() <= at - minAgeDays * DAY);
    if (known.length === 0) return [...open].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())[0];
    const weighted = known.flatMap((c) => (c.companyName ? [c, c, c] : [c]));
    return this.r.pick(weighted);
  }

  // -- work orders --------------------------------------------------------------------------------

  workOrder(customer: CustomerPlan, status: WorkOrderStatus, t: { created: number; start: number; due: number; completed: number | null; updated: number }, tpl = this.r.pick(this.p.jobs)): WorkOrderPlan {
    const { r, p } = this;
    const priced = this.price(tpl);
    const hours = tpl.hours ? r.int(tpl.hours[0] * 2, tpl.hours[1] * 2) / 2 : 0;
    const labor = hours > 0 ? lineAmountCents(hours, p.laborRate) : 0;
    const material = tpl.material ? r.int(tpl.material[0] * 100, tpl.material[1] * 100) : 0;
    const actual = status === 'completed' && hours > 0 ? Math.max(1, Math.round(hours * 4 * r.between(0.8, 1.25))) / 4 : null;
    const wo: WorkOrderPlan = {
      customer,
      orderNumber: '',
      title: tpl.title,
      description: tpl.note ?? null,
      status,
      startDate: new Date(t.start),
      dueDate: new Date(t.due),
      completedDate: t.completed === null ? null : new Date(t.completed),
      estimatedHours: hours > 0 ? fromCents(hours * 100) : null,
      actualHours: actual === null ? null : fromCents(actual * 100),
      laborCost: fromCents(labor),
      materialCost: fromCents(material),
      totalCost: fromCents(priced.cents + labor + material),
      lines: priced.lines,
      createdAt: new Date(t.created),
      updatedAt: new Date(t.updated),
    };
    this.plan.workOrders.push(wo);
    return wo;
  }

  /** A completed job finished shortly before `invoiced`. */
  completedBefore(customer: CustomerPlan, invoiced: number, tpl?: JobTpl): WorkOrderPlan {
    const { r } = this;
    // Started 08:00-12:00 on the day of the invoice or up to two days before, done 1.5-5 hours later.
    let start = dayStart(invoiced) - r.int(0, 2) * DAY + 8 * HOUR + r.int(0, 16) * 15 * MINUTE;
    let completed = start + r.int(6, 20) * 15 * MINUTE;
    if (completed > invoiced - 30 * MINUTE) {
      start -= DAY;
      completed -= DAY;
    }
    const created = this.within(start - 10 * DAY, start - DAY);
    const due = dayStart(start) + 17 * HOUR;
    return this.workOrder(customer, 'completed', { created, start, due, completed, updated: completed }, tpl);
  }

  planWorkOrder(status: WorkOrderStatus, recentlyFinished = false): void {
    const { r, now } = this;
    const comparedTo = this.period.comparedTo.getTime();
    let created: number;
    let start: number;
    let due: number;
    let completed: number | null = null;
    let updated: number;
    if (status === 'completed' && recentlyFinished) {
      // Open at the comparison instant a month ago, finished since.
      created = this.within(comparedTo - 25 * DAY, comparedTo - 2 * HOUR);
      completed = this.within(comparedTo + HOUR, Math.max(comparedTo + HOUR, now - 2 * HOUR));
      start = Math.max(created + HOUR, completed - r.int(8, 28) * 15 * MINUTE);
      due = dayStart(start) + 17 * HOUR + r.int(0, 2) * DAY;
      updated = completed;
    } else if (status === 'completed') {
      created = this.ago(8, 330);
      start = this.workSlot(created + r.int(1, 5) * DAY);
      due = dayStart(start) + 17 * HOUR;
      completed = start + r.int(8, 28) * 15 * MINUTE;
      updated = completed;
    } else if (status === 'cancelled') {
      created = this.ago(3, 340);
      start = this.workSlot(created + r.int(2, 10) * DAY);
      due = dayStart(start) + 17 * HOUR;
      updated = this.within(created + HOUR, Math.min(start, now - MINUTE));
    } else if (status === 'in_progress') {
      created = this.ago(2, 40);
      start = this.within(created + HOUR, now - HOUR);
      due = dayStart(now) + r.int(-2, 7) * DAY + 17 * HOUR;
      if (due <= start) due = start + DAY;
      updated = start;
    } else {
      created = this.ago(0, 30);
      start = this.workSlot(now + r.int(1, 21) * DAY);
      due = dayStart(start) + 17 * HOUR + (r.chance(0.25) ? r.int(1, 3) * DAY : 0);
      updated = created;
    }
    this.workOrder(this.pickCustomer(created, 1), status, { created, start, due, completed, updated });
  }

  // -- invoices and payments ----------------------------------------------------------------------

  invoice(customer: CustomerPlan, status: InvoiceStatus, created: number, opts: { paid?: number; linked?: boolean; tpl?: JobTpl } = {}): InvoicePlan {
    const { r, p, now } = this;
    const terms = TERMS_DAYS[customer.paymentTerms];
    const due = dayStart(created) + terms * DAY;
    let lines: PricedLine[];
    let workOrder: WorkOrderPlan | null = null;
    if (opts.linked) {
      workOrder = this.completedBefore(customer, created, opts.tpl);
      const rate = workOrder.totalCost;
      lines = [{ description: workOrder.title, quantity: '1.00', rate, amount: fromCents(lineAmountCents('1', rate)), sortOrder: 0 }];
    } else {
      lines = this.price(opts.tpl ?? r.pick(p.jobs), 3).lines;
    }
    const subtotal = lines.reduce((sum, l) => sum + toCents(l.amount), 0);
    const paid = status === 'paid' ? (opts.paid ?? this.within(created + 2 * HOUR, Math.min(created + (terms + 12) * DAY, now - HOUR))) : null;
    const updated = paid ?? (status === 'overdue' ? Math.min(due + DAY, now - HOUR) : status === 'sent' ? created + r.int(5, 90) * MINUTE : created);
    const inv: InvoicePlan = {
      customer,
      invoiceNumber: '',
      workOrder,
      status,
      subtotal: fromCents(subtotal),
      tax: '0.00',
      total: fromCents(subtotal),
      dueDate: new Date(due),
      paidDate: paid === null ? null : new Date(paid),
      notes: r.chance(0.4) ? p.invoiceNote : null,
      lines,
      payments: [],
      createdAt: new Date(created),
      updatedAt: new Date(Math.min(updated, now - MINUTE)),
    };
    this.plan.invoices.push(inv);
    return inv;
  }

  paymentMethod(customer: CustomerPlan): (typeof PAYMENT_METHODS)[number] {
    switch (customer.preferredPaymentMethod) {
      case 'card':
        return 'credit_card';
      case 'bank_transfer':
        return this.r.chance(0.5) ? 'bank_transfer' : 'ach';
      case 'check':
        return 'check';
      case 'cash':
        return 'cash';
      default:
        return this.r.pick(PAYMENT_METHODS);
    }
  }

  payment(inv: InvoicePlan, cents: Cents, received: number, notes: string | null): void {
    const { r } = this;
    const method = this.paymentMethod(inv.customer);
    const date = new Date(received).toISOString().slice(0, 10).replace(/-/g, '');
    const reference =
      method === 'check'
        ? `Check #${r.int(1001, 9899)}`
        : method === 'credit_card'
          ? `${r.pick(CARD_BRANDS)} ending ${String(r.int(1000, 9999))}`
          : method === 'bank_transfer'
            ? `TRF-${date}-${r.int(1000, 9999)}`
            : method === 'ach'
              ? `ACH ${r.int(100_000_000, 999_999_999)}`
              : r.chance(0.5)
                ? `Receipt R-${r.int(1000, 4999)}`
                : null;
    inv.payments.push({ amount: fromCents(cents), method, reference, notes, receivedDate: new Date(received) });
  }

  /** Paid invoices are paid in full (some with a deposit first); some open ones carry a partial payment. */
  planPayments(): void {
    const { r, now } = this;
    let open = 0;
    for (const inv of this.plan.invoices) {
      const total = toCents(inv.total);
      const created = inv.createdAt.getTime();
      if (inv.status === 'paid' && inv.paidDate) {
        const paid = inv.paidDate.getTime();
        if (total >= 80_000 && paid - created > DAY && r.chance(0.3)) {
          const deposit = Math.round(total / 200) * 100;
          this.payment(inv, deposit, this.within(created + HOUR, paid - HOUR), 'Deposit');
          this.payment(inv, total - deposit, paid, 'Balance');
        } else {
          this.payment(inv, total, paid, null);
        }
      } else if ((inv.status === 'sent' || inv.status === 'overdue') && !inv.customer.reserved && total >= 20_000) {
        if (open++ % 3 === 1) this.payment(inv, Math.round((total * 0.4) / 100) * 100, this.within(created + HOUR, now - HOUR), 'Partial payment');
      }
    }
  }

  /** At most `linkCap` of them are billed from a completed work order. */
  planInvoices(slots: Record<InvoiceStatus, number>, linkCap: number): void {
    const { r, p, period, now } = this;
    const statuses: InvoiceStatus[] = [];
    for (const s of ['paid', 'sent', 'overdue', 'draft'] as const) for (let i = 0; i < slots[s]; i++) statuses.push(s);
    let forced = p.revenue.thisMonth + p.revenue.lastMonth;
    let sent = 0;
    let linkedCount = 0;
    for (const status of statuses) {
      const linked = r.chance(p.linkedShare) && linkedCount < linkCap;
      if (linked) linkedCount++;
      if (status === 'paid' && forced > 0) {
        // Revenue this month so far and in the same stretch of last month, so the dashboard has figures to compare.
        const [from, to] =
          forced > p.revenue.lastMonth
            ? [period.monthStart.getTime(), Math.max(period.monthStart.getTime(), now - MINUTE)]
            : [period.prevMonthStart.getTime(), period.comparedTo.getTime()];
        forced--;
        const paid = this.within(from, to);
        const created = this.within(paid - 20 * DAY, paid - 2 * DAY);
        this.invoice(this.pickCustomer(created, 14), 'paid', created, { paid, linked });
        continue;
      }
      const pastDue = status === 'sent' && sent++ % 2 === 1;
      const needsTime = status === 'sent' && !pastDue;
      // Paid ones lean towards recent months: a growing business.
      const recentLean = 4 + 336 * r.next() ** 1.25;
      const window = (terms: number): [number, number] =>
        status === 'paid' ? [recentLean, recentLean] : status === 'draft' ? [0, 20] : status === 'overdue' ? [terms + 5, terms + 75] : pastDue ? [terms + 3, terms + 40] : [1, terms - 2];
      // Try a few customers for one whose terms and age fit the window.
      let customer = this.pickCustomer(now, 14, (c) => !needsTime || TERMS_DAYS[c.paymentTerms] >= 15);
      let created = this.ago(...window(TERMS_DAYS[customer.paymentTerms]));
      for (let tries = 0; tries < 20 && customer.createdAt.getTime() > created - 14 * DAY; tries++) {
        customer = this.pickCustomer(created, 14, (c) => !needsTime || TERMS_DAYS[c.paymentTerms] >= 15);
        created = this.ago(...window(TERMS_DAYS[customer.paymentTerms]));
      }
      this.invoice(customer, status, created, { linked });
    }
  }

  // -- estimates ----------------------------------------------------------------------------------

  planEstimate(status: SeededEstimateStatus): void {
    const { r, p, now } = this;
    const windows: Record<SeededEstimateStatus, [number, number]> = { draft: [0, 7], sent: [1, 25], viewed: [1, 25], changes_requested: [2, 25], approved: [12, 330], declined: [12, 330], expired: [40, 330] };
    const created = this.ago(...windows[status]);
    const tpl = r.pick(p.quotes);
    const priced = this.price(tpl);
    const tax = r.chance(p.taxShare) ? Math.round((priced.cents * p.taxPercent) / 100) : 0;
    const validUntil = dayStart(created) + 30 * DAY;
    const updated = status === 'approved' || status === 'declined' || status === 'viewed' || status === 'changes_requested' ? this.within(created + DAY, created + 10 * DAY) : status === 'expired' ? validUntil : created;
    this.plan.estimates.push({
      customer: this.pickCustomer(created, 1),
      estimateNumber: '',
      title: tpl.title,
      description: tpl.note ?? null,
      status,
      subtotal: fromCents(priced.cents),
      tax: fromCents(tax),
      total: fromCents(priced.cents + tax),
      validUntil: new Date(validUntil),
      notes: r.chance(0.6) ? p.estimateNote : null,
      lines: priced.lines,
      createdAt: new Date(created),
      updatedAt: new Date(Math.min(updated, now - MINUTE)),
    });
  }

  // -- the portal customer ------------------------------------------------------------------------

  /** The demo customer user's record: one paid, one sent (for the job just done) and one draft invoice. */
  planPortalCustomer(existing: { id: number; name: string }): { invoices: Partial<Record<InvoiceStatus, number>>; workOrders: number } {
    const { r, p } = this;
    const casey: CustomerPlan = {
      id: existing.id,
      name: existing.name,
      email: PORTAL_CUSTOMER_EMAIL,
      phone: null,
      address: null,
      city: null,
      state: null,
      zip: null,
      companyName: null,
      notes: null,
      creditLimit: null,
      paymentTerms: 'net30',
      preferredPaymentMethod: 'card',
      createdAt: new Date(this.businessTime(250)),
      reserved: true,
    };
    this.plan.customers.push(casey);
    const paidCreated = this.businessTime(130);
    this.invoice(casey, 'paid', paidCreated, { paid: paidCreated + 16 * DAY + 3 * HOUR, tpl: p.jobs[6] });
    const sentCreated = this.businessTime(r.between(4, 6));
    this.invoice(casey, 'sent', sentCreated, { linked: true, tpl: p.jobs[0] });
    this.invoice(casey, 'draft', this.businessTime(1), { tpl: p.jobs[17] });
    return { invoices: { paid: 1, sent: 1, draft: 1 }, workOrders: 1 };
  }

  // -- all of it ----------------------------------------------------------------------------------

  build(portalCustomer?: { id: number; name: string }): OrganizationPlan {
    const { p } = this;
    this.planCustomers();
    const invoiceSlots = { ...p.invoices };
    let completedTaken = 0;
    if (portalCustomer) {
      const fixed = this.planPortalCustomer(portalCustomer);
      for (const [s, n] of Object.entries(fixed.invoices)) invoiceSlots[s as InvoiceStatus] -= n;
      completedTaken += fixed.workOrders;
    }
    const before = this.plan.workOrders.length;
    this.planInvoices(invoiceSlots, Math.max(0, p.workOrders.completed - completedTaken - p.recentlyFinished - 2));
    completedTaken += this.plan.workOrders.length - before;
    const woSlots = { ...p.workOrders, completed: Math.max(p.recentlyFinished, p.workOrders.completed - completedTaken) };
    for (const s of ['completed', 'cancelled', 'in_progress', 'scheduled'] as const) {
      for (let i = 0; i < woSlots[s]; i++) this.planWorkOrder(s, i < p.recentlyFinished);
    }
    for (const s of SEEDED_ESTIMATE_STATUSES) for (let i = 0; i < p.estimates[s]; i++) this.planEstimate(s);
    this.planPayments();

    // Numbers in creation order.
    const byCreated = <T extends { createdAt: Date }>(xs: T[]) => xs.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    byCreated(this.plan.customers);
    byCreated(this.plan.workOrders).forEach((w, i) => (w.orderNumber = formatDocumentNumber('work_order', i + 1)));
    byCreated(this.plan.estimates).forEach((e, i) => (e.estimateNumber = formatDocumentNumber('estimate', i + 1)));
    byCreated(this.plan.invoices).forEach((v, i) => (v.invoiceNumber = formatDocumentNumber('invoice', i + 1)));

    this.plan.inventory = p.inventory.map(([name, sku, category, quantity, minimumStock, unitCost, unitPrice, supplier, location], i) => {
      const created = new Date(this.businessTime(300 - i * 7));
      return { organizationId: p.organizationId, name, sku, category, quantity, minimumStock, unitCost, unitPrice, supplier, location, createdAt: created, updatedAt: created };
    });
    return this.plan;
  }
}

/** The records for both organizations, without touching the database (pure and deterministic). */
export function planDemoRecords(opts: DemoRecordsOptions, portalCustomer?: { id: number; name: string }): OrganizationPlan[] {
  return [new OrganizationPlanner(homeProfile(opts.demoOrgId), opts.now).build(portalCustomer), new OrganizationPlanner(dentalProfile(opts.dentalOrgId), opts.now).build()];
}

// ---------------------------------------------------------------------------------------------------
// Writing: one multi-row insert per table for both organizations

export interface DemoRecordsSummary {
  customers: number;
  workOrders: number;
  estimates: number;
  invoices: number;
  payments: number;
  inventoryItems: number;
}

export async function seedDemoRecords(tx: DbOrTx, opts: DemoRecordsOptions): Promise<DemoRecordsSummary> {
  const [casey] = await tx
    .select({ id: customers.id, name: customers.name })
    .from(customers)
    .where(and(eq(customers.organizationId, opts.demoOrgId), eq(customers.email, PORTAL_CUSTOMER_EMAIL)))
    .limit(1);
  const plans = planDemoRecords(opts, casey);
  /** [organizationId, item] for every organization's items of one kind. */
  const each = <K extends 'customers' | 'workOrders' | 'estimates' | 'invoices'>(k: K) =>
    plans.flatMap((p) => (p[k] as OrganizationPlan[K][number][]).map((x) => [p.organizationId, x] as const));

  // Customers (the portal customer exists: only its creation date moves back before its documents).
  for (const [, c] of each('customers')) {
    if (c.id !== undefined) await tx.update(customers).set({ createdAt: c.createdAt, updatedAt: c.createdAt }).where(eq(customers.id, c.id));
  }
  const fresh = each('customers').filter(([, c]) => c.id === undefined);
  const customerRows = await tx
    .insert(customers)
    .values(fresh.map(([organizationId, { id: _id, reserved: _r, ...c }]) => ({ ...c, organizationId, updatedAt: c.createdAt })))
    .returning({ id: customers.id, organizationId: customers.organizationId, name: customers.name });
  const customerIds = new Map(customerRows.map((row) => [`${row.organizationId}:${row.name}`, row.id]));
  const customerId = (org: number, c: CustomerPlan) => c.id ?? (customerIds.get(`${org}:${c.name}`) as number);

  // Work orders and their lines.
  const woPlans = each('workOrders');
  const woRows = await tx
    .insert(workOrders)
    .values(woPlans.map(([organizationId, { customer, lines: _l, ...w }]) => ({ ...w, organizationId, customerId: customerId(organizationId, customer) })))
    .returning({ id: workOrders.id, organizationId: workOrders.organizationId, orderNumber: workOrders.orderNumber });
  const woIds = new Map(woRows.map((row) => [`${row.organizationId}:${row.orderNumber}`, row.id]));
  const woId = (org: number, w: WorkOrderPlan) => woIds.get(`${org}:${w.orderNumber}`) as number;
  await tx
    .insert(workOrderLineItems)
    .values(woPlans.flatMap(([organizationId, w]) => w.lines.map((l) => ({ ...l, organizationId, workOrderId: woId(organizationId, w) }))));

  // Estimates and their lines.
  const estPlans = each('estimates');
  const estRows = await tx
    .insert(estimates)
    .values(estPlans.map(([organizationId, { customer, lines: _l, ...e }]) => ({ ...e, organizationId, customerId: customerId(organizationId, customer) })))
    .returning({ id: estimates.id, organizationId: estimates.organizationId, estimateNumber: estimates.estimateNumber });
  const estIds = new Map(estRows.map((row) => [`${row.organizationId}:${row.estimateNumber}`, row.id]));
  await tx
    .insert(estimateLineItems)
    .values(
      estPlans.flatMap(([organizationId, e]) =>
        e.lines.map((l) => ({ ...l, organizationId, estimateId: estIds.get(`${organizationId}:${e.estimateNumber}`) as number })),
      ),
    );

  // Invoices, their lines and payments.
  const invPlans = each('invoices');
  const invRows = await tx
    .insert(invoices)
    .values(
      invPlans.map(([organizationId, { customer, workOrder, lines: _l, payments: _p, ...v }]) => ({
        ...v,
        organizationId,
        customerId: customerId(organizationId, customer),
        workOrderId: workOrder ? woId(organizationId, workOrder) : null,
      })),
    )
    .returning({ id: invoices.id, organizationId: invoices.organizationId, invoiceNumber: invoices.invoiceNumber });
  const invIds = new Map(invRows.map((row) => [`${row.organizationId}:${row.invoiceNumber}`, row.id]));
  const invId = (org: number, v: InvoicePlan) => invIds.get(`${org}:${v.invoiceNumber}`) as number;
  await tx
    .insert(invoiceLineItems)
    .values(invPlans.flatMap(([organizationId, v]) => v.lines.map((l) => ({ ...l, organizationId, invoiceId: invId(organizationId, v) }))));
  const paymentRows = invPlans.flatMap(([organizationId, v]) =>
    v.payments.map((pay) => ({
      ...pay,
      organizationId,
      invoiceId: invId(organizationId, v),
      customerId: customerId(organizationId, v.customer),
      invoiceNumber: v.invoiceNumber,
      customerName: v.customer.name,
      status: 'completed',
      createdAt: pay.receivedDate,
    })),
  );
  if (paymentRows.length > 0) await tx.insert(payments).values(paymentRows);

  // Counters at the last number used, so the next document continues the sequence.
  const counters = plans.flatMap((p) => [
    { organizationId: p.organizationId, entityType: 'work_order', currentNumber: p.workOrders.length },
    { organizationId: p.organizationId, entityType: 'estimate', currentNumber: p.estimates.length },
    { organizationId: p.organizationId, entityType: 'invoice', currentNumber: p.invoices.length },
  ]);
  await tx
    .insert(numberCounters)
    .values(counters)
    .onConflictDoUpdate({ target: [numberCounters.organizationId, numberCounters.entityType], set: { currentNumber: sql`excluded.current_number` } });

  const stock = plans.flatMap((p) => p.inventory);
  await tx.insert(inventoryItems).values(stock);

  return {
    customers: fresh.length,
    workOrders: woPlans.length,
    estimates: estPlans.length,
    invoices: invPlans.length,
    payments: paymentRows.length,
    inventoryItems: stock.length,
  };
}

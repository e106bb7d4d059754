// The User Guide's content: what an owner or their staff does, step by step, in each area.
import { labelsFor, type LabelSet } from '@contracts/vocabulary';

export interface GuideSection {
  id: string;
  title: string;
  intro: string;
  steps: string[];
  tip?: string;
}

export const GUIDE_SECTIONS: GuideSection[] = [
  {
    id: 'getting-started',
    title: 'Getting started and signing in',
    intro: 'Tradebook has no passwords. You sign in with a one-time code sent to your email address.',
    steps: [
      'Open the sign-in page and enter the email address your administrator registered for you, then choose Send verification code.',
      'Check your inbox for a 6-digit code. It works once and expires after 10 minutes; asking for a new code cancels the previous one.',
      'Type the code and choose Verify and sign in. If you typed the wrong address, choose Use different email.',
      'If the page says no account was found, check the spelling, or choose Create account. New accounts start as guests until an administrator gives them a role.',
      'To sign out, open the menu under your initials at the top right and choose Sign out.',
    ],
    tip: 'The menu button at the top left shows or hides the sidebar. On a phone, the bar at the bottom of the screen takes you to the Dashboard, Jobs, Clients, Time and More.',
  },
  {
    id: 'dashboard',
    title: 'Dashboard',
    intro: 'The Dashboard is the first page after sign-in: a summary of the business today.',
    steps: [
      'Read the four cards at the top: active work orders, pending invoices (with how many are overdue), revenue this month and total customers. Money figures (pending invoices, revenue and Payment Status) are shown only to staff who may view financials; employees see the work orders and customers cards.',
      'Under Recent active jobs, click an order number to open the job and change it.',
      'Use Quick Actions to book an appointment, create an invoice, add a customer, start a timer or open your public organization page.',
      'Check Payment Status for invoices still to be paid and Inventory Alerts for items that are low or out of stock.',
      'The bell at the top shows unread notifications such as overdue invoices, new online bookings, failed reminders and payments received. Click one to open it, or choose Mark all as read.',
    ],
  },
  {
    id: 'customers',
    title: 'Customers',
    intro: 'Your customer list. Depending on your industry it is called Customers, Clients, Patients or Pet Owners.',
    steps: [
      'Open the customers page from the sidebar and choose New.',
      'Enter at least the name. Type the phone number as digits; it is shown as (555) 333-1234.',
      'Enter a 5-digit ZIP code and the city and state fill themselves in when they are empty.',
      'Set the payment terms (Net 30 unless you choose otherwise), the preferred payment method and, if you extend credit, a credit limit.',
      'Use the search box to find anyone by name, company, email, phone or address, and Edit to change a record.',
    ],
  },
  {
    id: 'work-orders',
    title: 'Work orders (jobs)',
    intro: 'A work order is a job you do for a customer. Your industry may call it a Service Job, Repair Job, Project, Procedure or Treatment.',
    steps: [
      'Open the work orders page and choose New.',
      'Pick the customer (or add a new one from inside the form) and give the job a title.',
      'Choose the start and due date and time, in 15-minute steps (9:00 AM to 5:00 PM unless you change them).',
      'Add line items with a description, quantity and rate; each amount and the total update as you type, together with labor and material costs.',
      'Save. The order number (for example WO-00001) is given automatically.',
      'In the list, choose Start when the work begins and Complete when it is done.',
    ],
  },
  {
    id: 'estimates',
    title: 'Estimates',
    intro: 'Send a price before you start. Your industry may call estimates quotes, bids or treatment plans.',
    steps: [
      'Open the estimates page and choose New.',
      'Choose the customer, enter a title and add the line items; add tax if it applies and set the Valid Until date.',
      'From the Actions menu of a row, choose Email to customer to send it, or Download Estimate for a PDF to print or attach.',
      'Edit the estimate to change its status when the customer accepts or declines.',
    ],
  },
  {
    id: 'invoices',
    title: 'Invoices',
    intro: 'Bill your customers and follow what is still owed.',
    steps: [
      'Open the invoices page and choose New, then pick the customer.',
      'To bill a finished job, choose its work order: its total is added as a line item. Add other lines as needed and set the due date.',
      'After Create, the dialog offers Email, Download and Done, so you can send the invoice right away.',
      'Set the status to Sent when the customer has it. Only sent invoices can be paid online; an unpaid invoice past its due date shows as Overdue.',
    ],
  },
  {
    id: 'payments',
    title: 'Payments and payment links',
    intro: 'Record money you received and let customers pay online.',
    steps: [
      'On Payments, choose Record Payment for cash, a check or a transfer you already received: pick the invoice, amount, method and reference.',
      'Choose Process Payment to take a card or bank payment now, on the Credit Card or Bank Transfer tab.',
      'When payments cover an invoice\'s total, the invoice is marked paid automatically; a partial payment leaves the rest outstanding.',
      'On Payment Links, select an unpaid invoice and choose Generate Payment Link, then Copy and send the link. The customer pays on a secure page; links expire after 30 days.',
      'The Generic Payment Link is a reusable link where customers enter any amount, by card or bank transfer.',
      'Payment Analytics shows the outstanding balance, overdue amounts by age and how your customers prefer to pay.',
    ],
  },
  {
    id: 'customer-portal',
    title: 'Customer portal',
    intro: 'Your customers can see and pay their invoices themselves.',
    steps: [
      'A customer signs in with their email code and lands on your organization\'s home page, where My account opens the portal.',
      'In the portal they see their outstanding balance, overdue amount, invoices (with Download and Pay Now for sent invoices), saved payment methods and payment history.',
      'You can also email a customer a secure portal link from their row on the customers page; it is valid for 30 days and only the customer receives it.',
      'Revoke links on the customer\'s row stops every link sent to that customer at once. Links also stop working when you turn the customer\'s portal access off, or when the staff member who sent them is deactivated; send a new link afterwards.',
      'Staff previewing a portal can pay an invoice or save a card for the customer only with the Process payments permission.',
    ],
  },
  {
    id: 'vendors',
    title: 'Vendors and Pay Bills',
    intro: 'Keep track of your suppliers and the bills you pay them.',
    steps: [
      'Open Pay Bills and choose Add Vendor: name, company, contact details and payment terms (Net 15 to Net 90, due on receipt or cash on delivery).',
      'Choose New Payment to record a bill you paid: vendor, amount, date (today unless you change it), reference and a description.',
      'Recent Payments shows the ten latest payments; use Edit or Delete to correct one.',
    ],
  },
  {
    id: 'messaging',
    title: 'Messaging',
    intro: 'Send email or text messages to your customers.',
    steps: [
      'Open Messaging and choose New Message.',
      'Choose Email or SMS. The recipient list shows the customers who have an email address (for email) or a phone number (for SMS).',
      'Write the subject and text and save: the message is kept as a draft.',
      'Choose Send on the draft to deliver it. Each recipient gets their own copy, and the list shows when it was sent.',
    ],
  },
  {
    id: 'scheduling',
    title: 'Scheduling, online booking and reminders',
    intro: 'Let customers book online and remind them before their appointment.',
    steps: [
      'On Scheduling, open the Services tab and choose Add Service: name, description, duration (at least 15 minutes) and price. With no services yet, Populate from Work Orders creates them from your jobs.',
      'On the Settings tab choose Setup Scheduling: working days and hours, time zone, how many days ahead customers may book and your cancellation rules.',
      'Copy the public booking link (it ends in /schedule/your-organization) and put it on your website, emails or social pages; Test opens it.',
      'Customers book in four steps: Service, Date & Time, Details and Confirmation. Times already taken are not offered, and the confirmation email carries a calendar file.',
      'The Appointments tab shows the week; use Add Appointment for phone bookings. Managers see an edit icon to move or cancel an appointment (the customer is emailed).',
      'On the Reminders tab, turn reminders on, choose when they go out (for example 24 and 48 hours before) and edit the email and SMS texts. Keep SMS under 160 characters.',
    ],
  },
  {
    id: 'inventory',
    title: 'Inventory',
    intro: 'Know what you have in stock and what to reorder.',
    steps: [
      'Open the inventory page and choose Add Item: name, SKU, category, quantity, minimum stock, unit cost and price, supplier and location.',
      'The counters show how many items are in stock, low (at or below the minimum) and out of stock. Low and empty items also appear on the Dashboard.',
      'Edit an item to change its quantity after you use or restock it.',
    ],
  },
  {
    id: 'time-tracking',
    title: 'Time tracking',
    intro: 'Record the time spent on each job.',
    steps: [
      'Open Time Tracking, choose the work order and, if you like, a short description, then start the timer.',
      'Only one timer runs at a time; the clock shows the hours and minutes so far.',
      'Stop the timer when you finish. The entry is saved under your name with the job and the customer.',
      'Search the table to review entries; the hours also feed the Reports page.',
    ],
  },
  {
    id: 'reports',
    title: 'Reports',
    intro: 'See how the business is doing.',
    steps: [
      'Open Reports for revenue (paid invoices), average job value, job completion rate and hours tracked.',
      'Review work orders by status, the invoice status summary and your top five customers by revenue.',
      'Choose Export Reports to download the figures as a CSV file for your accountant or a spreadsheet.',
    ],
  },
  {
    id: 'organization',
    title: 'Organization settings',
    intro: 'Your business details, public pages and payment setup. Organization admins only.',
    steps: [
      'Open Organization and choose Edit: name, industry, address, phone, email, website, tax id and bank details.',
      'The industry sets the words used across the app, for example Patients and Procedures for healthcare.',
      'Upload your logo (PNG, JPEG, GIF or WebP, up to 5 MB); it appears on your public pages.',
      'Under Public URLs, copy or open your Home, Services and Booking pages to share them.',
      'Choose Manage under payment processors to connect Stripe or to take payments manually.',
    ],
  },
  {
    id: 'users',
    title: 'Users and roles',
    intro: 'Give each person the access they need. Organization admins only.',
    steps: [
      'Open Users and choose Add User: email, first and last name. They sign in with a code sent to that address.',
      'Organization Admin: everything in your organization, including the Organization and Users pages.',
      'Manager: jobs, customers, estimates, invoices, messages, scheduling and time; can view vendors and inventory.',
      'Employee: creates jobs and estimates, views customers, inventory and the schedule, sends messages.',
      'Customer and Guest: no staff screens; they use your public pages and the customer portal.',
      'Edit a user to change their role; it applies on their next click. Deactivating a user signs them out everywhere.',
    ],
  },
  {
    id: 'super-admin',
    title: 'Super admin and impersonation',
    intro: 'For the system-wide super user who looks after every organization.',
    steps: [
      'Super users land on Super User Administration and also see Super Admin and Payment Processors in the menu.',
      'The user list shows every user, sorted by first name, with organization, role and whether the account is active.',
      'To see exactly what a user sees, choose Impersonate on their row and confirm. The impersonation lasts up to 24 hours.',
      'While impersonating, an orange banner reads IMPERSONATION MODE ACTIVE with the name of the user you are viewing as.',
      'Choose Exit Impersonation on the banner to return to Super Admin as yourself. Starting and ending an impersonation is recorded in the audit log.',
    ],
    tip: 'Super users cannot be impersonated.',
  },
];

/** The sections that describe a record screen the organization's vocabulary renames. */
const RENAMED_SECTIONS: Record<string, keyof LabelSet> = {
  customers: 'customers',
  'work-orders': 'workOrders',
  estimates: 'estimates',
  invoices: 'invoices',
  inventory: 'inventory',
};

/**
 * The guide as the reader's organization names its screens: a renamed screen's section is titled with the word its
 * menu shows, and says which word the guide's steps use for it ("Procedures (work orders in this guide)").
 */
export function guideSectionsFor(labels: LabelSet): GuideSection[] {
  const general = labelsFor(null);
  return GUIDE_SECTIONS.map((s) => {
    const kind = RENAMED_SECTIONS[s.id];
    if (!kind || labels[kind] === general[kind]) return s;
    return { ...s, title: `${labels[kind]} (${general[kind].toLowerCase()} in this guide)` };
  });
}

import { industryKey } from '@contracts/vocabulary';

/** Businesses that see people rather than send crews book "appointments". */
const APPOINTMENT_INDUSTRIES = new Set(['Healthcare', 'Veterinary', 'Personal Services', 'Professional Services']);

export function scheduleActionLabel(industry: string | null | undefined): string {
  return APPOINTMENT_INDUSTRIES.has(industryKey(industry)) ? 'Schedule an Appointment' : 'Schedule a Service';
}

/** Websites are often stored without a scheme; a bare host would become a relative link. */
export function websiteHref(website: string): string {
  return /^https?:\/\//i.test(website) ? website : `https://${website}`;
}

export function websiteLabel(website: string): string {
  return website.replace(/^https?:\/\//i, '').replace(/\/$/, '');
}

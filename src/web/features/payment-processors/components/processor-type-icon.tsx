import { CreditCard, HandCoins, Square, Wallet } from 'lucide-react';

const ICONS = { stripe: CreditCard, square: Square, manual: HandCoins } as const;

/** One icon per processor type; anything unknown gets a wallet. */
export function ProcessorTypeIcon({ type, className }: { type: string; className?: string }) {
  const Icon = ICONS[type as keyof typeof ICONS] ?? Wallet;
  return <Icon className={className} aria-hidden />;
}

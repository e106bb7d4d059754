// Which processor would take an organization's payment, before one starts: the payment forms show the "Test mode"
// badge on every step, not only once the card step's intent says so (docs/payments.md, Test mode).
import type { PaymentMode } from '../../../contracts/payments';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../platform/errors';
import { chooseProcessor } from './choose-processor';

export async function paymentMode(db: DbOrTx, config: Pick<Config, 'APP_SECRET'>, organizationId: number): Promise<PaymentMode> {
  try {
    const choice = await chooseProcessor(db, config, organizationId);
    return { processor: choice.kind, testMode: choice.kind === 'test' || (choice.kind === 'stripe' && choice.testMode) };
  } catch (err) {
    // Stripe keys this installation cannot read: no test gateway stands in (starting a payment says why), so no badge.
    if (err instanceof AppError) return { processor: 'stripe', testMode: false };
    throw err;
  }
}

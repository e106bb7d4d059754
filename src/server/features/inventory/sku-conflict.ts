// The (organization, SKU) unique index decides duplicates, so two saves at once cannot both win.
import { INVENTORY_MESSAGES } from '../../../contracts/inventory';
import { conflict, pgErrorCode } from '../../platform/errors';

export async function withSkuConflict<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (pgErrorCode(err) === '23505') throw conflict(INVENTORY_MESSAGES.skuTaken);
    throw err;
  }
}

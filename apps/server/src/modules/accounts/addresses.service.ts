import type { TAddress, TAddressInput } from '@tessera/contracts';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { AccountsRepository, AddressRow } from './accounts.repository.js';

export const MAX_ADDRESSES = 50;

/**
 * A buyer's delivery addresses. Exactly one is the default whenever there is any: the first one
 * becomes it, setting another moves the flag, and deleting the default hands it to the oldest left.
 * A unique partial index keeps "at most one" true even under concurrent requests.
 */
export class AddressesService {
  constructor(private readonly repository: AccountsRepository) {}

  async list(options: { userId: string }): Promise<TAddress[]> {
    return (await this.repository.listAddresses(options.userId)).map(toAddress);
  }

  async add(options: { userId: string; input: TAddressInput }): Promise<TAddress> {
    const { repository } = this;
    const id = newId();
    const now = Date.now();
    await repository.transaction(async (trx) => {
      const existing = await repository.listAddresses(options.userId, trx);
      if (existing.length >= MAX_ADDRESSES) throw new AppError('CONFLICT');
      const makeDefault = existing.length === 0 || options.input.isDefault === true;
      if (makeDefault) await repository.clearDefaultAddress(options.userId, trx);
      await repository.insertAddress({ id, user_id: options.userId, ...columns(options.input), is_default: makeDefault ? 1 : 0, created_at: now, updated_at: now }, trx);
    });
    return this.get(options.userId, id);
  }

  async update(options: { userId: string; id: string; input: TAddressInput }): Promise<TAddress> {
    const { repository } = this;
    await repository.transaction(async (trx) => {
      const current = await repository.findAddress(options.userId, options.id, trx);
      if (!current) throw new AppError('NOT_FOUND');
      // The default can move to this address, but not away from it by unticking: pick another instead.
      const makeDefault = options.input.isDefault === true && current.is_default === 0;
      if (makeDefault) await repository.clearDefaultAddress(options.userId, trx);
      await repository.updateAddress(options.userId, options.id, { ...columns(options.input), ...(makeDefault ? { is_default: 1 } : {}), updated_at: Date.now() }, trx);
    });
    return this.get(options.userId, options.id);
  }

  async setDefault(options: { userId: string; id: string }): Promise<TAddress> {
    const { repository } = this;
    await repository.transaction(async (trx) => {
      if (!(await repository.findAddress(options.userId, options.id, trx))) throw new AppError('NOT_FOUND');
      await repository.clearDefaultAddress(options.userId, trx);
      await repository.updateAddress(options.userId, options.id, { is_default: 1, updated_at: Date.now() }, trx);
    });
    return this.get(options.userId, options.id);
  }

  async remove(options: { userId: string; id: string }): Promise<void> {
    const { repository } = this;
    await repository.transaction(async (trx) => {
      const current = await repository.findAddress(options.userId, options.id, trx);
      if (!current) throw new AppError('NOT_FOUND');
      await repository.deleteAddress(options.userId, options.id, trx);
      if (current.is_default === 1) {
        const [oldest] = await repository.listAddresses(options.userId, trx);
        if (oldest) await repository.updateAddress(options.userId, oldest.id, { is_default: 1 }, trx);
      }
    });
  }

  private async get(userId: string, id: string): Promise<TAddress> {
    const row = await this.repository.findAddress(userId, id);
    if (!row) throw new AppError('NOT_FOUND');
    return toAddress(row);
  }
}

function columns(input: TAddressInput) {
  return {
    name: input.name,
    country_code: input.countryCode,
    mobile: input.mobile,
    pincode: input.pincode,
    locality: input.locality,
    city: input.city,
    state: input.state,
    landmark: input.landmark || null,
    flat_number: input.flatNumber,
    address_line1: input.addressLine1,
    address_type: input.addressType,
  };
}

function toAddress(row: AddressRow): TAddress {
  return {
    id: row.id,
    name: row.name,
    countryCode: row.country_code,
    mobile: row.mobile,
    pincode: row.pincode,
    locality: row.locality,
    city: row.city,
    state: row.state,
    landmark: row.landmark,
    flatNumber: row.flat_number,
    addressLine1: row.address_line1,
    addressType: row.address_type as TAddress['addressType'],
    isDefault: row.is_default === 1,
    createdAt: row.created_at,
  };
}
